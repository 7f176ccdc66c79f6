import Foundation
import Reactive
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain HTTP/1.1 over a socket, for `http://` endpoints such as the local stub: one thread per
/// request, blocked in `poll()` while the server thinks. URLSession's libcurl backend on Linux
/// polls the socket in a loop while it waits (measured: 11 s of CPU in a 16 s wait), which a
/// slow local server would turn into a hot core.
public final class SocketTransport: HTTPTransport {
    /// The whole request, connection to last byte, must finish within this time.
    public let timeout: Duration

    public init(timeout: Duration = .seconds(10)) { self.timeout = timeout }

    public func get(_ url: URL, completion: @escaping @Sendable (Result<HTTPReply, FlickrError>) -> Void) -> any HTTPCancellable {
        let exchange = Exchange(url: url, deadline: ContinuousClock.now + timeout, seconds: timeout.seconds)
        Thread.detachNewThread { completion(exchange.run()) }
        return exchange
    }
}

/// One request: connect, send, read to the end, parse. `cancel()` (any thread) wakes the poll.
private final class Exchange: HTTPCancellable, @unchecked Sendable {
    // Immutable after init but for the pipe's file descriptors, which are only closed by `run`.
    let url: URL
    let deadline: ContinuousClock.Instant
    let seconds: Double
    private let cancelPipe: [Int32]

    init(url: URL, deadline: ContinuousClock.Instant, seconds: Double) {
        self.url = url
        self.deadline = deadline
        self.seconds = seconds
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        cancelPipe = fds
    }

    func cancel() {
        var byte: UInt8 = 1
        _ = write(cancelPipe[1], &byte, 1)
    }

    func run() -> Result<HTTPReply, FlickrError> {
        defer { cancelPipe.forEach { close($0) } }
        guard let host = url.host, let target = HTTPWire.target(url) else { return .failure(.transport("not an http URL")) }
        let port = url.port ?? 80
        let fd: Int32
        switch connect(host: host, port: port) {
        case .failure(let error): return .failure(error)
        case .success(let socket): fd = socket
        }
        defer { close(fd) }
        let request = "GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nAccept: application/json\r\n"
            + "User-Agent: vmsh\r\nConnection: close\r\n\r\n"
        if let error = send(Array(request.utf8), on: fd) { return .failure(error) }
        return receive(on: fd).flatMap(HTTPWire.parse)
    }

    private func connect(host: String, port: Int) -> Result<Int32, FlickrError> {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return .failure(.cannotFindHost) }
        defer { freeaddrinfo(found) }
        let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard fd >= 0 else { return .failure(.transport("no socket")) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        if Glibc.connect(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 && errno != EINPROGRESS {
            close(fd)
            return .failure(.cannotConnect)
        }
        if let error = wait(for: Int16(POLLOUT), on: fd) {
            close(fd)
            return .failure(error)
        }
        var problem: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &problem, &length)
        guard problem == 0 else {
            close(fd)
            return .failure(.cannotConnect)
        }
        return .success(fd)
    }

    private func send(_ bytes: [UInt8], on fd: Int32) -> FlickrError? {
        var offset = 0
        while offset < bytes.count {
            if let error = wait(for: Int16(POLLOUT), on: fd) { return error }
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno != EAGAIN && errno != EINTR { return .connectionLost }
            offset += max(sent, 0)
        }
        return nil
    }

    /// The reply: until it is complete by its own length, or the server closes the connection.
    private func receive(on fd: Int32) -> Result<[UInt8], FlickrError> {
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let error = wait(for: Int16(POLLIN), on: fd) { return .failure(error) }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return .success(reply) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                return .failure(.connectionLost)
            }
            reply.append(contentsOf: chunk[..<count])
            if HTTPWire.isComplete(reply) { return .success(reply) }
            if reply.count > 32 << 20 { return .failure(.malformed("the reply is larger than 32 MiB")) }
        }
    }

    /// Blocks until `fd` is ready, the request is cancelled, or the deadline passes.
    private func wait(for events: Int16, on fd: Int32) -> FlickrError? {
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return .timedOut(seconds: seconds) }
            var descriptors = [pollfd(fd: fd, events: events, revents: 0), pollfd(fd: cancelPipe[0], events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, Int32(clamping: left.wholeMillisecondsRoundedUp))
            if ready < 0 && errno == EINTR { continue }
            if descriptors[1].revents != 0 { return .transport("cancelled") }
            if ready > 0 { return nil }
        }
    }
}

extension Duration {
    var wholeMillisecondsRoundedUp: Int64 { (self + .nanoseconds(999_999)).wholeMilliseconds }
}
