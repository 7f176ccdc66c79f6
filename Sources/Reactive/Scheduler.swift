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
}

/// Timers ordered by (due time, sequence number), shared by the virtual and live schedulers.
@MainActor
final class TimerQueue {
    private final class Entry: Disposable {
        let due: Duration
        let sequence: Int
        var action: (() -> Void)?
        init(due: Duration, sequence: Int, action: @escaping () -> Void) {
            self.due = due
            self.sequence = sequence
            self.action = action
        }
        var isDisposed: Bool { action == nil }
        func dispose() { action = nil }
    }

    private var entries: [Entry] = []
    private var sequence = 0

    func add(due: Duration, _ action: @escaping () -> Void) -> any Disposable {
        sequence += 1
        let entry = Entry(due: due, sequence: sequence, action: action)
        // Insert after every entry due at the same time or earlier: stable, FIFO among equals.
        let index = entries.firstIndex { $0.due > due } ?? entries.endIndex
        entries.insert(entry, at: index)
        return entry
    }

    private func dropCancelled() { entries.removeAll { $0.isDisposed } }

    /// The due time of the earliest live timer.
    var nextDue: Duration? {
        dropCancelled()
        return entries.first?.due
    }

    var count: Int {
        dropCancelled()
        return entries.count
    }

    /// Removes and runs the earliest timer if it is due at or before `time`; false when none is.
    func runNext(upTo time: Duration) -> Bool {
        dropCancelled()
        guard let first = entries.first, first.due <= time else { return false }
        entries.removeFirst()
        let action = first.action
        first.dispose()
        action?()
        return true
    }

    func removeAll() {
        for entry in entries { entry.dispose() }
        entries = []
    }
}

extension Duration {
    /// Whole milliseconds, exactly (integer arithmetic, rounded toward zero): time printed in
    /// transcripts must never depend on floating-point division.
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
