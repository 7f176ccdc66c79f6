#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Every job of the program, run one at a time on the main thread, so that what the tasks do, and
/// when the clock may move, is the same on every run: the runtime's global executor is hooked to
/// enqueue here (as swift-concurrency-extras' withMainSerialExecutor hooks it to the main actor).
/// Idle means no job left: only then does the clock move.
///
/// The order is the playground's, where a subscription and an event run through to their end at
/// once: a job runs before the older jobs (depth first), so what a subscription starts is done
/// before the next one starts, and a value goes all the way down before the next is made. A job
/// below the default priority (a background scheduler's) is a turn of the clock, as the
/// playground's background is a later turn of its own clock.
final class Loop: @unchecked Sendable {
    static let shared = Loop()
    /// A job, or something to call in its place (see `behind`).
    private enum Work {
        case job(UnownedJob)
        case call(() -> Void)
    }
    private var work: [Work] = []
    /// Where the next job enqueued goes: at the front, in the order the job running enqueues them.
    private var insertion = 0

    /// Enqueues `job`: to run next (`now`, or at the default priority), or as a turn of the clock.
    func push(_ job: UnownedJob, now: Bool = false) {
        let priority = job.priority.rawValue
        if !now && priority != 0 && priority < TaskPriority.medium.rawValue {
            clock.schedule(job)
        } else {
            insert(.job(job))
        }
    }

    /// Suspends the task running until the jobs that this job has enqueued so far have run, and
    /// what they enqueue: a job of its own, as Task.yield would be, but on this loop (Task.yield
    /// goes to the executor the job runs as, not to the hook).
    func behind() async {
        await withUnsafeContinuation { continuation in insert(.call { continuation.resume() }) }
    }

    private func insert(_ next: Work) {
        work.insert(next, at: insertion)
        insertion += 1
    }

    /// Runs jobs until none is left, those they enqueue included. Each runs as the global
    /// executor's would, so that a nonisolated function it calls runs at once, not as a new job
    /// (swift-async-algorithms holds a lock across such a call).
    func runUntilIdle() {
        while !work.isEmpty {
            let next = work.removeFirst()
            insertion = 0
            switch next {
            case .job(let job): job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
            case .call(let call): call()
            }
        }
    }

    private typealias Original = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// Routes the global executor's jobs here, before any task starts.
    static func install() {
        hook("swift_task_enqueueGlobal_hook").pointee = { job, _ in Loop.shared.push(job) }
    }

    private static func hook(_ name: String) -> UnsafeMutablePointer<Hook?> {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("no \(name) in this runtime") }
        return symbol.assumingMemoryBound(to: Hook?.self)
    }
}
