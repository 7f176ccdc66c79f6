import Synchronization
import Testing

@testable import FlickrAPI

@Suite struct HostQueueTests {
    final class Started: Sendable {
        let ids = Mutex<[UInt64]>([])
        var all: [UInt64] { ids.withLock { $0 } }
    }

    func job(_ queue: HostQueue, _ started: Started) -> HostQueue.Job {
        let id = queue.makeID()
        return HostQueue.Job(id: id) { started.ids.withLock { $0.append(id) } }
    }

    @Test func startsUpToTheLimitThenQueuesInOrder() {
        let queue = HostQueue(limit: 2)
        let started = Started()
        let jobs = (0..<5).map { _ in job(queue, started) }
        for job in jobs { queue.submit(job, host: "a") }
        #expect(started.all == [jobs[0].id, jobs[1].id])
        #expect(queue.counts(host: "a") == (2, 3))
        queue.finished(host: "a")
        #expect(started.all == [jobs[0].id, jobs[1].id, jobs[2].id])
        #expect(queue.counts(host: "a") == (2, 2))
    }

    @Test func hostsHaveTheirOwnSlots() {
        let queue = HostQueue(limit: 1)
        let started = Started()
        let first = job(queue, started)
        let second = job(queue, started)
        queue.submit(first, host: "a")
        queue.submit(second, host: "b")
        #expect(started.all == [first.id, second.id])
    }

    @Test func aCancelledJobLeavesTheQueueAndIsNeverStarted() {
        let queue = HostQueue(limit: 1)
        let started = Started()
        let jobs = (0..<3).map { _ in job(queue, started) }
        for job in jobs { queue.submit(job, host: "a") }
        #expect(queue.remove(jobs[1].id, host: "a"))
        #expect(!queue.remove(jobs[0].id, host: "a"), "a running job is not in the queue")
        #expect(queue.counts(host: "a") == (1, 1))
        queue.finished(host: "a")
        #expect(started.all == [jobs[0].id, jobs[2].id])
        queue.finished(host: "a")
        #expect(queue.counts(host: "a") == (0, 0))
    }
}
