#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One parsed request: only what a GET needs.
struct HTTPRequest: Sendable {
    var method: String
    var path: String
    var query: [String: String]
}

/// What a handler sends back; `Connection: close` always, so one request per connection.
struct HTTPResponse: Sendable {
    var status: Int
    var contentType: String
    var body: [UInt8]

    static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }
}

/// The accepted socket of one request, with the waits a fault needs: they end early when the
/// client hangs up, which is how the stub sees a request the client cancelled.
struct Connection: Sendable {
    let fd: Int32

    /// Waits up to `milliseconds` (forever when nil); true if the client hung up meanwhile.
    func waitUnlessClosed(milliseconds: Int?) -> Bool {
        let deadline = milliseconds.map { ContinuousClock.now + .milliseconds($0) }
        while true {
            let left = deadline.map { max(0, Int(($0 - ContinuousClock.now) / .milliseconds(1))) }
            if left == 0 { return false }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left ?? 1000, 1000)))
            if ready < 0 && errno != EINTR { return true }
            if ready > 0 {
                // Readable after a complete GET means end of stream (or junk, which is dropped).
                var scratch = [UInt8](repeating: 0, count: 512)
                let count = recv(fd, &scratch, scratch.count, Int32(MSG_DONTWAIT))
                if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return true }
            }
        }
    }

    /// Sends the whole response; false if the client is gone.
    func respond(_ response: HTTPResponse) -> Bool {
        let reason = HTTPServer.reasons[response.status] ?? "Status"
        let head = "HTTP/1.1 \(response.status) \(reason)\r\nContent-Type: \(response.contentType)\r\n"
            + "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        return write(Array(head.utf8) + response.body)
    }

    private func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }
}

/// A small HTTP/1.1 server on 127.0.0.1 only, one thread per connection.
final class HTTPServer: Sendable {
    typealias Handler = @Sendable (HTTPRequest, Connection) -> HTTPResponse?

    static let reasons = [
        200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
        429: "Too Many Requests", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
    ]

    let listener: Int32
    let port: Int
    private let handler: Handler

    /// Binds 127.0.0.1:`port` (0 picks a free one); throws the reason when it cannot.
    init(port: Int, handler: @escaping Handler) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StubError("cannot create a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")  // loopback only, never another interface
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw StubError("cannot listen on 127.0.0.1:\(port): \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        listener = fd
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.handler = handler
    }

    /// Accepts one waiting connection, if any, and serves it on its own thread.
    func acceptOne() {
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        Thread.detachNewThread { [self] in
            serve(client)
            close(client)
        }
    }

    private func serve(_ fd: Int32) {
        let connection = Connection(fd: fd)
        guard let request = readRequest(fd) else {
            _ = connection.respond(.text(400, "bad request"))
            return
        }
        guard request.method == "GET" else {
            _ = connection.respond(.text(405, "only GET is served"))
            return
        }
        if let response = handler(request, connection) { _ = connection.respond(response) }
    }

    /// Reads the head of a request (up to 16 KB, 5 s); the body of a GET is ignored.
    private func readRequest(_ fd: Int32) -> HTTPRequest? {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while data.count < 16_384 {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return nil }
            data += chunk[0..<count]
            if let range = data.firstRange(of: end) { return Self.parse(Array(data[..<range.lowerBound])) }
        }
        return nil
    }

    static func parse(_ head: [UInt8]) -> HTTPRequest? {
        guard let line = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first else { return nil }
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
        let target = parts[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        for pair in target.count > 1 ? target[1].split(separator: "&") : [] {
            let item = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query[decode(item[0])] = item.count > 1 ? decode(item[1]) : ""
        }
        return HTTPRequest(method: String(parts[0]), path: decode(target[0]), query: query)
    }

    /// Form decoding: '+' is a space, %XX a byte.
    private static func decode(_ text: Substring) -> String {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
    }
}

struct StubError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
