import Synchronization

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The clock the test gives the ViewModels: time moves only in `run(until:)`, to each sleeper's
/// deadline in turn (in the order they slept, for one deadline), and what wakes has run before
/// the clock moves on, as on vmsh's virtual clock.
///
/// For that, the program's jobs run one at a time on the main actor while a test runs: the
/// runtime's global executor is hooked to enqueue there, as swift-concurrency-extras'
/// withMainSerialExecutor does. The state below is touched only by those jobs.
final class TestClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }
    private struct Sleeper {
        let deadline: Instant
        let id: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private(set) var now = Instant(offset: .zero)
    var minimumResolution: Duration { .zero }
    private var sleepers: [Sleeper] = []
    private var cancelled: Set<Int> = []
    private var ids = 0
    /// How many jobs one yield of the test's enqueues by itself (measured when nothing else runs).
    private var ownJobs = 0

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        ids += 1
        let id = ids
        try Task.checkCancellation()
        guard now < deadline else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if cancelled.remove(id) != nil { return continuation.resume(throwing: CancellationError()) }
                sleepers.append(Sleeper(deadline: deadline, id: id, continuation: continuation))
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
        sleepers.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// Lets every job run, then wakes each sleeper due by `milliseconds` in turn, letting what it
    /// does run before the next.
    @MainActor
    func run(until milliseconds: Int) async {
        let end = Instant(offset: .milliseconds(milliseconds))
        await settle()
        while let next = sleepers.indices.min(by: {
            (sleepers[$0].deadline, sleepers[$0].id) < (sleepers[$1].deadline, sleepers[$1].id)
        }),
            sleepers[next].deadline <= end
        {
            let sleeper = sleepers.remove(at: next)
            now = Swift.max(now, sleeper.deadline)
            sleeper.continuation.resume()
            await settle()
        }
        now = end
    }

    /// `body` with a new clock, every job of the program on the main actor until it returns.
    @MainActor
    static func run(_ body: @MainActor (TestClock) async -> Void) async {
        install()
        let clock = TestClock()
        clock.ownJobs = await jobs { await Task.yield() }
        await body(clock)
        await clock.settle()
        hook.pointee = nil
    }

    /// Hooks the global executor to enqueue on the main actor, counting each job.
    private static func install() {
        hook.pointee = { job, _ in
            TestClock.enqueued.withLock { $0 += 1 }
            MainActor.shared.enqueue(job)
        }
    }

    /// Yields on the main actor until the jobs there have run: until ten yields in a row saw no
    /// job enqueued but the yield's own. The main actor runs its jobs in the order they came, so
    /// each yield lets every job waiting run once.
    @MainActor
    private func settle() async {
        var quiet = 0
        while quiet < 10 { quiet = await Self.jobs { await Task.yield() } > ownJobs ? 0 : quiet + 1 }
    }

    /// How many jobs were enqueued while `body` ran.
    @MainActor
    private static func jobs(_ body: () async -> Void) async -> Int {
        let before = enqueued.withLock { $0 }
        await body()
        return enqueued.withLock { $0 } - before
    }

    private static let enqueued = Mutex(0)

    private typealias Original = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    private static var hook: UnsafeMutablePointer<Hook?> {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else {
            fatalError("no swift_task_enqueueGlobal_hook in this runtime")
        }
        return symbol.assumingMemoryBound(to: Hook?.self)
    }
}
