import EventLoop
import Foundation
import Reactive
import Synchronization

@testable import FlickrAPI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    func get(_ url: URL, completion: @escaping @Sendable (Result<HTTPReply, FlickrError>) -> Void)
        -> any HTTPCancellable
    {
        let call = Call(url: url, completion: completion)
        calls.withLock { $0.append(call) }
        return call
    }

    /// Completes call `index` on another thread, as the real transport does.
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

/// A loopback port that was free a moment ago and has no listener.
func unusedPort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
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
