import Glibc

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

    /// Routes the global executor's jobs here; called once, before any task starts.
    static func install() {
        typealias Original = @convention(thin) (UnownedJob) -> Void
        typealias Hook = @convention(thin) (UnownedJob, Original) -> Void
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else {
            fatalError("no swift_task_enqueueGlobal_hook in this runtime")
        }
        symbol.assumingMemoryBound(to: Hook?.self).pointee = { job, _ in Loop.shared.push(job) }
        // The main actor's jobs too (MainActor.run in the code): this loop runs on the main thread.
        guard let main = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueMainExecutor_hook") else {
            fatalError("no swift_task_enqueueMainExecutor_hook in this runtime")
        }
        main.assumingMemoryBound(to: Hook?.self).pointee = { job, _ in Loop.shared.push(job) }
    }
}
