#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Every job of the program, run one at a time on the main thread in the order it was enqueued:
/// the runtime's global executor is hooked to enqueue here (as swift-concurrency-extras'
/// withMainSerialExecutor hooks it to the main actor), so that what the tasks do, and when the
/// clock may move, is the same on every run. Idle means no job left: only then does the clock move.
final class Loop: SerialExecutor, @unchecked Sendable {
    static let shared = Loop()
    private var jobs: [UnownedJob] = []
    private var next = 0

    func enqueue(_ job: consuming ExecutorJob) { jobs.append(UnownedJob(job)) }
    func push(_ job: UnownedJob) { jobs.append(job) }

    /// Runs jobs until none is left, those they enqueue included.
    func runUntilIdle() {
        while next < jobs.count {
            let job = jobs[next]
            next += 1
            job.runSynchronously(on: asUnownedSerialExecutor())
            if next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
            }
        }
    }

    private typealias Original = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// Routes the global executor's jobs here (and the main actor's: MainActor.run in the code,
    /// on this loop's main thread), before any task starts.
    static func install() {
        for name in hooks { hook(name).pointee = { job, _ in Loop.shared.push(job) } }
    }

    /// Gives the jobs back to the runtime's executors, as a test does when it is done: what runs
    /// the tests (XCTest) has tasks of its own.
    static func uninstall() {
        for name in hooks { hook(name).pointee = nil }
    }

    private static let hooks = ["swift_task_enqueueGlobal_hook", "swift_task_enqueueMainExecutor_hook"]

    private static func hook(_ name: String) -> UnsafeMutablePointer<Hook?> {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("no \(name) in this runtime") }
        return symbol.assumingMemoryBound(to: Hook?.self)
    }
}
