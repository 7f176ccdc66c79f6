import Glibc

/// The host names the server answers for: loopback names, the address it was given, and any
/// address written as numbers (a class opens the machine's own addresses). A page reached by
/// another name (DNS rebinding: `evil.example` made to point here) is refused, so another
/// site's script cannot read the session even with the token.
struct ServedHosts: Sendable {
    /// The address serving was started with, as the Host header writes it.
    let given: String

    init(given: String) { self.given = Self.bare(given.lowercased()) }

    /// True when `authority` (a request's Host, `host[:port]`) names this server.
    func allows(_ authority: String?) -> Bool {
        guard let authority else { return false }
        let host = Self.bare(Self.hostPart(authority).lowercased())
        return host == "localhost" || host == given || Self.isAddress(host)
    }

    /// `authority` without its port: "[::1]:8080" → "[::1]", "localhost:8080" → "localhost".
    static func hostPart(_ authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[...end])
        }
        return String(authority.prefix { $0 != ":" })
    }

    /// An IPv6 address without its brackets.
    private static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// True for an IPv4 or IPv6 address written as numbers.
    static func isAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}
