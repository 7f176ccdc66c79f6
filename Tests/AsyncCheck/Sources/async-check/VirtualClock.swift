/// The clock the generated code names `clock`: time moves only in `run(until:)`, to each
/// sleeper's deadline in turn (in the order they slept, for one deadline), and everything that
/// wakes runs before the clock moves on, as on the playground's virtual clock. A background job is
/// a turn of this clock at the instant it is enqueued, after what is due then already.
final class VirtualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
        var milliseconds: Int {
            Int(offset.components.seconds) * 1000 + Int(offset.components.attoseconds / 1_000_000_000_000_000)
        }
    }
    private struct Sleeper {
        let deadline: Instant
        let id: Int
        /// What waking does: resumes a task that slept, or enqueues a background job.
        let resume: (Result<Void, any Error>) -> Void
    }

    private(set) var now = Instant(offset: .zero)
    var minimumResolution: Duration { .zero }
    private var sleepers: [Sleeper] = []
    private var cancelled: Set<Int> = []
    private var ids = 0

    /// Back to zero for the next pipeline (each pipeline's sleepers were cancelled with it).
    func reset() {
        now = Instant(offset: .zero)
        cancelled = []
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await sleep(until: deadline, id: reserve(1))
    }

    /// `count` places in the order of sleepers due at one instant, as if scheduled now: a marble
    /// source takes one for each of its marks when it starts, as the playground schedules them.
    func reserve(_ count: Int) -> Int {
        defer { ids += count }
        return ids + 1
    }

    /// Sleeps in the place `id` (from `reserve`) among sleepers due at `deadline`.
    func sleep(until deadline: Instant, id: Int) async throws {
        try Task.checkCancellation()
        guard now < deadline else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if cancelled.remove(id) != nil { return continuation.resume(throwing: CancellationError()) }
                sleepers.append(Sleeper(deadline: deadline, id: id, resume: { continuation.resume(with: $0) }))
            }
        } onCancel: {
            self.wake(id)
        }
    }

    private func wake(_ id: Int) {
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else {
            _ = cancelled.insert(id)
            return
        }
        sleepers.remove(at: index).resume(.failure(CancellationError()))
    }

    /// A background scheduler's job, as a turn of the clock now.
    func schedule(_ job: UnownedJob) {
        sleepers.append(Sleeper(deadline: now, id: reserve(1), resume: { _ in Loop.shared.push(job, now: true) }))
    }

    /// Runs every job, then wakes each sleeper due by `limit` in turn, running what it does.
    func run(until limit: Int) {
        let end = Instant(offset: .milliseconds(limit))
        Loop.shared.runUntilIdle()
        while let next = sleepers.indices.min(by: {
            (sleepers[$0].deadline, sleepers[$0].id) < (sleepers[$1].deadline, sleepers[$1].id)
        }),
            sleepers[next].deadline <= end
        {
            let sleeper = sleepers.remove(at: next)
            now = Swift.max(now, sleeper.deadline)
            sleeper.resume(.success(()))
            Loop.shared.runUntilIdle()
        }
        now = end
    }
}

/// The clock the code runs on: in an app a ContinuousClock, here the test's.
let clock = VirtualClock()
