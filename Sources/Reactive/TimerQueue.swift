/// Timers ordered by (due time, sequence number), shared by the virtual and live schedulers.
@MainActor
public final class TimerQueue {
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

    public init() {}

    public func add(due: Duration, _ action: @escaping () -> Void) -> any Disposable {
        sequence += 1
        let entry = Entry(due: due, sequence: sequence, action: action)
        // Insert after every entry due at the same time or earlier: stable, FIFO among equals.
        let index = entries.firstIndex { $0.due > due } ?? entries.endIndex
        entries.insert(entry, at: index)
        return entry
    }

    private func dropCancelled() { entries.removeAll { $0.isDisposed } }

    /// The due time of the earliest live timer.
    public var nextDue: Duration? {
        dropCancelled()
        return entries.first?.due
    }

    public var count: Int {
        dropCancelled()
        return entries.count
    }

    /// Removes and runs the earliest timer if it is due at or before `time`; false when none is.
    public func runNext(upTo time: Duration) -> Bool {
        dropCancelled()
        guard let first = entries.first, first.due <= time else { return false }
        entries.removeFirst()
        let action = first.action
        first.dispose()
        action?()
        return true
    }

    public func removeAll() {
        for entry in entries { entry.dispose() }
        entries = []
    }
}
