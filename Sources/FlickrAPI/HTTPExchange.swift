import AsyncHTTPClient
import Synchronization

/// One request of `HTTPClientTransport`: waiting in its host's queue, then running, then done.
/// `cancel()` (any thread) takes it out of the queue, or cancels the running task.
final class HTTPExchange: HTTPCancellable, Sendable {
    typealias Completion = @Sendable (Result<HTTPReply, FlickrError>) -> Void

    private enum Phase {
        case waiting, starting
        case running(HTTPClient.Task<HTTPReply>)
        case cancelled, done
    }

    let id: UInt64
    let host: String
    private let queue: HostQueue
    private let completion: Completion
    private let phase = Mutex(Phase.waiting)

    init(id: UInt64, host: String, queue: HostQueue, completion: @escaping Completion) {
        self.id = id
        self.host = host
        self.queue = queue
        self.completion = completion
    }

    /// Called by the queue when a slot is free: sends the request, unless cancelled meanwhile.
    func start(
        _ send: () -> HTTPClient.Task<HTTPReply>?,
        finished reply: @escaping @Sendable (Result<HTTPReply, any Error>) -> Result<HTTPReply, FlickrError>
    ) {
        let go = phase.withLock { phase in
            guard case .waiting = phase else { return false }
            phase = .starting
            return true
        }
        guard go, let task = send() else {
            queue.finished(host: host)
            if go { finish(.failure(.transport("not a valid URL"))) }
            return
        }
        let cancelNow = phase.withLock { phase in
            if case .cancelled = phase { return true }
            phase = .running(task)
            return false
        }
        if cancelNow { task.cancel() }
        task.futureResult.whenComplete { [self] result in
            queue.finished(host: host)
            finish(reply(result))
        }
    }

    func cancel() {
        let action: (dequeued: Bool, task: HTTPClient.Task<HTTPReply>?) = phase.withLock { phase in
            switch phase {
            case .waiting:
                phase = .cancelled
                return (true, nil)
            case .starting:
                phase = .cancelled
                return (false, nil)
            case .running(let task):
                phase = .cancelled
                return (false, task)
            case .cancelled, .done:
                return (false, nil)
            }
        }
        if action.dequeued, queue.remove(id, host: host) {
            completion(.failure(.transport("cancelled")))
        }
        action.task?.cancel()
    }

    private func finish(_ result: Result<HTTPReply, FlickrError>) {
        phase.withLock { phase in if case .running = phase { phase = .done } }
        completion(result)
    }
}
