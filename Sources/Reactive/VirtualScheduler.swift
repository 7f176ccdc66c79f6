/// A scheduler whose clock moves only when told to (`--virtual-clock`, tests).
///
/// `advance(by:)` runs every action that falls due, in (due time, sequence) order, with `now`
/// set to each action's due time while it runs.
@MainActor
public final class VirtualScheduler: Scheduler {
    private let queue = TimerQueue()
    public private(set) var now: Duration = .zero

    public init() {}

    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Disposable {
        queue.add(due: now + max(delay, .zero), action)
    }

    /// The number of actions waiting to run.
    public var pendingCount: Int { queue.count }

    public var nextDueTime: Duration? { queue.nextDue }

    /// Moves the clock forward by `interval`, running what falls due on the way.
    public func advance(by interval: Duration = .zero) {
        advance(to: now + interval)
    }

    /// Moves the clock to `target` (never backwards), running what falls due on the way.
    public func advance(to target: Duration) {
        let target = max(target, now)
        while let due = queue.nextDue, due <= target {
            now = max(now, due)
            _ = queue.runNext(upTo: due)
        }
        now = target
    }

    /// Runs until nothing is pending or `limit` virtual time has passed; true when idle.
    @discardableResult
    public func runUntilIdle(limit: Duration = .seconds(3600)) -> Bool {
        let deadline = now + limit
        while let due = queue.nextDue, due <= deadline {
            now = max(now, due)
            _ = queue.runNext(upTo: due)
        }
        return queue.count == 0
    }

    /// Cancels everything pending; returns how many actions were dropped.
    @discardableResult
    public func cancelAll() -> Int {
        let dropped = queue.count
        queue.removeAll()
        return dropped
    }
}
