/// The only source of time for ViewModels and Models.
///
/// `now` is the time since the scheduler started. Actions due at the same time run in the
/// order they were scheduled, so one input always gives one order of events.
@MainActor
public protocol Scheduler: AnyObject {
    var now: Duration { get }
    /// Runs `action` once `delay` has passed; disposing the result cancels it.
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Disposable
    /// The number of actions waiting to run: the shell's measure of pending work.
    var pendingCount: Int { get }
    /// When the earliest waiting action is due; nil when none is.
    var nextDueTime: Duration? { get }
    /// Drops every waiting action; returns how many there were.
    @discardableResult
    func cancelAll() -> Int
}

extension Duration {
    /// Whole milliseconds, exactly (integer arithmetic, rounded toward zero): time printed in
    /// transcripts must never depend on floating-point division.
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
