import Dispatch
import NIOCore
import Synchronization

/// The listening channel of a server that started, or why it did not, waited for by the thread
/// that started it.
final class ServerStart: Sendable {
    private let result = Mutex<Result<any Channel, SessionServer.StartFailure>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func succeed(_ listener: any Channel) { settle(.success(listener)) }
    func fail(_ failure: SessionServer.StartFailure) { settle(.failure(failure)) }

    private func settle(_ value: Result<any Channel, SessionServer.StartFailure>) {
        let first = result.withLock { result in
            guard result == nil else { return false }
            result = value
            return true
        }
        if first { done.signal() }
    }

    func wait(timeout: DispatchTimeInterval) throws(SessionServer.StartFailure) -> any Channel {
        guard done.wait(timeout: .now() + timeout) == .success, let result = result.withLock({ $0 }) else {
            throw SessionServer.StartFailure("the server did not start within 10 s")
        }
        return try result.get()
    }
}
