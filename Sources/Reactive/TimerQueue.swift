/// Timers ordered by (due time, sequence number), shared by the virtual and live schedulers.
///
/// A binary min-heap: adding a timer and running the earliest cost O(log n), so a thousand
/// pending timers cost little more per timer than ten. The sequence number breaks ties, so timers
/// due at the same time run in the order they were added.
///
/// A cancelled timer is not searched for: it stays in the heap, marked, until it reaches the
/// top and is dropped there (or until cancelled ones make up most of the heap, when they are
/// all swept out at once, so cancel-and-reschedule loops cannot grow it without bound).
///
/// Sifting up and down are plain loops, not `firstIndex`-style closures: in Swift 6 a
/// main-actor closure handed to the standard library checks its executor on every call (the
/// rare sweep may pay that).
///
/// Each timer keeps the cause current when it was added and runs with it (`Cause.current`), so
/// what a delay or a service call sends later is traced back to what started it.
@MainActor
public final class TimerQueue {
    private final class Entry: Disposable {
        let due: Duration
        let sequence: Int
        let cause: Cause
        var action: (() -> Void)?
        /// Told when this timer is cancelled, so its live count stays exact without a scan.
        weak var queue: TimerQueue?

        init(due: Duration, sequence: Int, action: @escaping () -> Void, queue: TimerQueue) {
            self.due = due
            self.sequence = sequence
            cause = Cause.current
            self.action = action
            self.queue = queue
        }

        var isDisposed: Bool { action == nil }

        func dispose() {
            guard action != nil else { return }
            action = nil
            queue?.live -= 1
        }

        /// Heap order: earlier due time first, then the earlier added.
        func precedes(_ other: Entry) -> Bool {
            due != other.due ? due < other.due : sequence < other.sequence
        }
    }

    /// heap[0] is the earliest; each entry precedes its children at 2i+1 and 2i+2.
    private var heap: [Entry] = []
    private var sequence = 0
    /// Entries in the heap not yet cancelled (the others wait there to be dropped).
    private var live = 0

    public init() {}

    public func add(due: Duration, _ action: @escaping () -> Void) -> any Disposable {
        sequence += 1
        let entry = Entry(due: due, sequence: sequence, action: action, queue: self)
        // Sweeping only when most entries are cancelled keeps its cost at O(1) per timer.
        if heap.count >= 64 && live < heap.count / 2 { sweepCancelled() }
        live += 1
        Self.push(entry, into: &heap)
        return entry
    }

    /// The due time of the earliest live timer.
    public var nextDue: Duration? {
        dropCancelledAtTop()
        return heap.first?.due
    }

    public var count: Int { live }

    /// Removes and runs the earliest timer if it is due at or before `time`; false when none is.
    public func runNext(upTo time: Duration) -> Bool {
        dropCancelledAtTop()
        guard let first = heap.first, first.due <= time else { return false }
        Self.removeFirst(of: &heap)
        let action = first.action
        first.dispose()
        Cause.running(first.cause) { action?() }
        return true
    }

    public func removeAll() {
        let entries = heap
        heap = []
        for entry in entries { entry.dispose() }
    }

    // MARK: The heap

    private func dropCancelledAtTop() {
        while let first = heap.first, first.isDisposed { Self.removeFirst(of: &heap) }
    }

    /// Keeps only live entries and rebuilds the heap from them (bottom-up, O(n)).
    private func sweepCancelled() {
        heap.removeAll { $0.isDisposed }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { Self.siftDown(index, in: &heap) }
    }

    // Static, on the array passed inout: the stored property is then checked for exclusive
    // access once per operation, not at every element the loops read.

    private static func push(_ entry: Entry, into heap: inout [Entry]) {
        heap.append(entry)
        siftUp(heap.count - 1, in: &heap)
    }

    private static func removeFirst(of heap: inout [Entry]) {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        if !heap.isEmpty { siftDown(0, in: &heap) }
    }

    private static func siftUp(_ start: Int, in heap: inout [Entry]) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private static func siftDown(_ start: Int, in heap: inout [Entry]) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count && heap[left].precedes(heap[first]) { first = left }
            if right < heap.count && heap[right].precedes(heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
