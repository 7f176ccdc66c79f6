import Reactive

/// A scheduler on the real (monotonic) clock, driven by the shell's event loop.
///
/// Nothing fires by itself: the loop sleeps (`Wait.sleep`) until the next timer is due, input
/// arrives or the mailbox wakes it, then calls `runDue()`, so all work stays on the main thread.
@MainActor
public final class LiveScheduler: Scheduler {
    private let queue = TimerQueue()
    private let origin = ContinuousClock.now
    private var externalWork = 0
    /// Where other threads (HTTP replies) post their results; the loop polls `mailbox.wakeFD`.
    public let mailbox = Mailbox()

    public init() {}

    /// Counts work running off the main thread (a request in flight) as pending until disposed.
    public func beginExternalWork() -> any Disposable {
        externalWork += 1
        return ActionDisposable { [weak self] in self?.externalWork -= 1 }
    }

    /// The due time of the timer running now, if one is: what it schedules is timed from when
    /// it was due, not from how late the loop got to it, so a busy moment shifts nothing after
    /// it and live runs keep the order the virtual clock gives.
    private var runningDue: Duration?

    public var now: Duration { runningDue ?? ContinuousClock.now - origin }

    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Disposable {
        queue.add(due: now + max(delay, .zero), action)
    }

    /// Timers waiting plus work in flight on other threads.
    public var pendingCount: Int { queue.count + externalWork }

    public var nextDueTime: Duration? { queue.nextDue }

    /// How long until the earliest timer is due (zero if overdue); nil when nothing is pending.
    public var timeUntilNextDue: Duration? {
        guard let due = queue.nextDue else { return nil }
        return max(due - now, .zero)
    }

    /// Runs what other threads posted, then every timer that is due now, in order.
    public func runDue() {
        // Always: a wake-up byte left in the pipe (a signal, a post racing a drain) would make
        // every later poll() return at once.
        mailbox.drain()
        let time = now
        while let due = queue.nextDue, due <= time {
            runningDue = due
            _ = queue.runNext(upTo: time)
        }
        runningDue = nil
    }

    @discardableResult
    public func cancelAll() -> Int {
        let dropped = queue.count
        queue.removeAll()
        return dropped
    }
}
