/// Where `--serve` and `serve on` listen: `[ADDRESS:]PORT`, loopback unless an address is named.
/// An address is an IPv4 or bracketed IPv6 literal (`0.0.0.0:8080`, `[::1]:8080`) or `localhost`:
/// names other than that would be looked up, and a class should know which network it opens to.
public struct ServeAddress: Equatable, Sendable, CustomStringConvertible {
    public let host: String
    public let port: Int

    public static let loopback = ServeAddress(host: "127.0.0.1", port: 0)
    /// What the flag and the command say of a value that is not one.
    public static let expectation =
        "[ADDRESS:]PORT, such as 8080, 127.0.0.1:8080 or 0.0.0.0:8080 (port 0: any free one)"

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// `8080`, `127.0.0.1:8080`, `[::1]:8080`, `localhost:8080`; nil for anything else.
    public init?(_ text: String) {
        var host = "127.0.0.1"
        var portText = Substring(text)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = String(text[text.index(after: text.startIndex)..<close])
            guard text[close...].hasPrefix("]:"), Self.isIPv6(host) else { return nil }
            portText = text[text.index(close, offsetBy: 2)...]
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            guard host == "localhost" || Self.isIPv4(host) else { return nil }
            portText = text[text.index(after: colon)...]
        }
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber),
            let port = Int(portText), port <= 65535
        else { return nil }
        self.init(host: host == "localhost" ? "127.0.0.1" : host, port: port)
    }

    /// True when only this machine can connect: 127.0.0.0/8 or ::1.
    public var isLoopback: Bool { host.hasPrefix("127.") || host == "::1" }

    /// As a URL's authority: `127.0.0.1:8080`, `[::1]:8080`.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    private static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber }
                    && (Int(part) ?? 256) <= 255
            }
    }

    private static func isIPv6(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 45 && text.contains(":")
            && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
}
