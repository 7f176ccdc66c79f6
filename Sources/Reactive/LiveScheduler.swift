/// A scheduler on the real (monotonic) clock, driven by the shell's event loop.
///
/// Nothing fires by itself: the loop sleeps until `nextDue` (or input arrives) and calls
/// `runDue()`, so all work stays on the main thread, between commands.
@MainActor
public final class LiveScheduler: Scheduler {
    private let queue = TimerQueue()
    private let origin = ContinuousClock.now

    public init() {}

    public var now: Duration { ContinuousClock.now - origin }

    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Disposable {
        queue.add(due: now + max(delay, .zero), action)
    }

    public var pendingCount: Int { queue.count }

    /// How long until the earliest timer is due (zero if overdue); nil when nothing is pending.
    public var timeUntilNextDue: Duration? {
        guard let due = queue.nextDue else { return nil }
        return max(due - now, .zero)
    }

    /// Runs every timer that is due now, in order.
    public func runDue() {
        let time = now
        while queue.runNext(upTo: time) {}
    }

    @discardableResult
    public func cancelAll() -> Int {
        let dropped = queue.count
        queue.removeAll()
        return dropped
    }
}
