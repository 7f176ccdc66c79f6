#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import EventLoop
import Reactive
import Synchronization
@testable import FlickrAPI

/// A transport that records requests and answers only when the test says so, from any thread.
final class FakeTransport: HTTPTransport {
    final class Call: HTTPCancellable {
        let url: URL
        let completion: @Sendable (Result<HTTPReply, FlickrError>) -> Void
        private let cancelled = Atomic(false)
        init(url: URL, completion: @escaping @Sendable (Result<HTTPReply, FlickrError>) -> Void) {
            self.url = url
            self.completion = completion
        }
        var isCancelled: Bool { cancelled.load(ordering: .sequentiallyConsistent) }
        func cancel() { cancelled.store(true, ordering: .sequentiallyConsistent) }
    }

    private let calls = Mutex<[Call]>([])

    var all: [Call] { calls.withLock { $0 } }

    func get(_ url: URL, completion: @escaping @Sendable (Result<HTTPReply, FlickrError>) -> Void) -> any HTTPCancellable {
        let call = Call(url: url, completion: completion)
        calls.withLock { $0.append(call) }
        return call
    }

    /// Completes call `index` on another thread, as URLSession would.
    func answer(_ index: Int, _ result: Result<HTTPReply, FlickrError>) {
        let call = all[index]
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            call.completion(result)
            done.signal()
        }
        done.wait()
    }
}

/// Runs the scheduler's loop (as the shell does) until `done` or the time limit.
@MainActor
func runLoop(_ scheduler: LiveScheduler, limit: Duration = .seconds(5), until done: () -> Bool) {
    let deadline = ContinuousClock.now + limit
    while !done(), ContinuousClock.now < deadline {
        var descriptor = pollfd(fd: scheduler.mailbox.wakeFD, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 20)
        scheduler.runDue()
    }
}

/// A one-connection HTTP server on 127.0.0.1 for URLSession tests: it answers with `reply`
/// (raw bytes), or with nothing when nil, and reports when the client hung up.
final class OneShotServer: Sendable {
    let port: Int
    private let listener: Int32
    private let hungUp = Atomic(false)

    init(reply: String?) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        port = Self.bindLoopback(fd)
        listen(fd, 4)
        listener = fd
        Thread.detachNewThread { [self] in serve(reply) }
    }

    /// Binds `fd` to a free loopback port and returns it.
    private static func bindLoopback(_ fd: Int32) -> Int {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                _ = bind(fd, $0, length)
                _ = getsockname(fd, $0, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// True once the client closed its connection.
    var clientHungUp: Bool { hungUp.load(ordering: .sequentiallyConsistent) }

    private func serve(_ reply: String?) {
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 8192)
        _ = recv(client, &buffer, buffer.count, 0)
        if let reply { _ = send(client, reply, reply.utf8.count, Int32(MSG_NOSIGNAL)) }
        // Wait (up to 10 s) for the client to close: that is how a cancel shows on the server.
        var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 10_000) > 0, recv(client, &buffer, buffer.count, 0) <= 0 {
            hungUp.store(true, ordering: .sequentiallyConsistent)
        }
        close(client)
        close(listener)
    }

    /// A loopback port that was free a moment ago and has no listener.
    static func unusedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        return bindLoopback(fd)
    }

    var endpoint: URL { URL(string: "http://127.0.0.1:\(port)/services/rest/")! }

    static func http(_ status: Int, _ reason: String, type: String, _ body: String) -> String {
        "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }
}
