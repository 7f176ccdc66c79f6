import Synchronization

/// At most `limit` requests in flight per host; the rest wait in order. A request cancelled
/// while it waits leaves the queue at once and never reaches the network.
final class HostQueue: Sendable {
    /// One waiting or running request: `start` sends it.
    struct Job: Sendable {
        let id: UInt64
        let start: @Sendable () -> Void
    }

    private struct Host {
        var running = 0
        /// Arrival order; ids no longer in `waiting` were cancelled and are skipped.
        var order: [UInt64] = []
        var head = 0
        var waiting: [UInt64: Job] = [:]

        /// Forgets the part of `order` already passed, once it is large.
        mutating func compact() {
            if waiting.isEmpty {
                order.removeAll()
                head = 0
            } else if head > 1024, head * 2 > order.count {
                order.removeFirst(head)
                head = 0
            }
        }
    }

    private struct State {
        var hosts: [String: Host] = [:]
        var nextID: UInt64 = 0
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) { self.limit = max(1, limit) }

    /// A fresh id for a job.
    func makeID() -> UInt64 {
        state.withLock { state in
            state.nextID &+= 1
            return state.nextID
        }
    }

    /// Starts `job` now if `host` has a free slot, else queues it.
    func submit(_ job: Job, host: String) {
        let startNow = state.withLock { state in
            var entry = state.hosts[host, default: Host()]
            defer { state.hosts[host] = entry }
            if entry.running < limit {
                entry.running += 1
                return true
            }
            entry.order.append(job.id)
            entry.waiting[job.id] = job
            return false
        }
        if startNow { job.start() }
    }

    /// Drops a waiting job; false when it is not waiting (already started or gone).
    func remove(_ id: UInt64, host: String) -> Bool {
        state.withLock { state in state.hosts[host]?.waiting.removeValue(forKey: id) != nil }
    }

    /// A running job ended: its slot goes to the next waiting job, if any.
    func finished(host: String) {
        let next: Job? = state.withLock { state in
            guard var entry = state.hosts[host] else { return nil }
            defer { state.hosts[host] = entry.running == 0 && entry.waiting.isEmpty ? nil : entry }
            while entry.head < entry.order.count {
                let id = entry.order[entry.head]
                entry.head += 1
                if let job = entry.waiting.removeValue(forKey: id) {
                    entry.compact()
                    return job
                }
            }
            entry.running -= 1
            entry.compact()
            return nil
        }
        next?.start()
    }

    /// Requests running and waiting for `host` (for tests).
    func counts(host: String) -> (running: Int, waiting: Int) {
        state.withLock { state in (state.hosts[host]?.running ?? 0, state.hosts[host]?.waiting.count ?? 0) }
    }
}
