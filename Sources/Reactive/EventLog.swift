/// Records the events of named streams (ReactiveCocoa's logAll, kept for later): every
/// subscription, value, error, completion and cancellation, with the scheduler's time, a number,
/// and what caused it (`Cause.current` as it was recorded).
@MainActor
public final class EventLog {
    /// The one sequence a session's logs number their events in, so that a cause recorded in
    /// one log can name an event of another.
    private final class Numbering {
        var last = 0
    }

    private let clock: () -> Duration
    private let numbering: Numbering
    /// Called synchronously: a trace line appears exactly where its event happened, even in
    /// the middle of another delivery.
    private let listeners = ListenerList<TraceEvent>()
    /// The most recent events, oldest first; at most `limit` of them.
    public private(set) var events: [TraceEvent] = []
    public let limit: Int
    /// The `subscribed` events that left `events` for room while their subscriptions were still
    /// open, by number: what `liveSubscriptions` adds to those it finds in the log. Kept only
    /// when the log drops events, so recording pays nothing for it before then.
    private var openBeforeTheLog: [Int: TraceEvent] = [:]
    /// The hot sources (a property, a subject, a shared signal) each subscription reads without
    /// having subscribed them itself, by the subscriptions' numbers: `joined(to:in:)` records
    /// them, the edges a subscription's causes cannot show.
    public private(set) var joins: [Int: [Int]] = [:]

    /// A log that numbers its events in `other`'s sequence, or in a new one.
    public init(clock: @escaping () -> Duration, limit: Int = 100_000, numberedWith other: EventLog? = nil) {
        self.clock = clock
        self.limit = limit
        numbering = other?.numbering ?? Numbering()
    }

    /// Emits each event as it is recorded.
    public var live: Signal<TraceEvent> {
        Signal { [weak self] observer in self?.listeners.add(observer) }
    }

    /// The number the last event recorded in this log's sequence got (0 before any).
    public var lastNumber: Int { numbering.last }

    /// Records an event of `stream` caused by `Cause.current`, and returns its number. A
    /// `subscribed` begins a subscription numbered like itself; a later event of it names that
    /// number as `subscription`.
    @discardableResult
    public func record(_ stream: String, _ kind: TraceEvent.Kind, subscription: Int? = nil) -> Int {
        numbering.last += 1
        let number = numbering.last
        let event = TraceEvent(
            time: clock(), stream: stream, kind: kind, number: number, cause: Cause.current,
            subscription: kind == .subscribed ? number : subscription)
        if !openBeforeTheLog.isEmpty, event.isEnd, let subscription { openBeforeTheLog[subscription] = nil }
        // Dropped a tenth at a time, so a full log does not move all of its events on every record.
        if events.count >= limit { dropOldest(max(limit / 10, events.count - limit + 1)) }
        events.append(event)
        for listener in listeners.snapshot { listener.send(event) }
        return number
    }

    /// The subscriptions recorded and not ended yet, oldest first, also those whose `subscribed`
    /// has left the log (`leaks`).
    public var liveSubscriptions: [TraceEvent] {
        var ended = Set<Int>()
        var live: [TraceEvent] = []
        for event in events.reversed() {
            if event.isEnd, let subscription = event.subscription {
                ended.insert(subscription)
            } else if event.kind == .subscribed, !ended.contains(event.number) {
                live.append(event)
            }
        }
        return openBeforeTheLog.values.sorted { $0.number < $1.number } + live.reversed()
    }

    /// Drops the `count` oldest events, keeping the `subscribed` of those still open.
    private func dropOldest(_ count: Int) {
        var ended = Set<Int>()
        for event in events where event.isEnd {
            if let subscription = event.subscription { ended.insert(subscription) }
        }
        for event in events.prefix(count) where event.kind == .subscribed && !ended.contains(event.number) {
            openBeforeTheLog[event.number] = event
        }
        events.removeFirst(count)
    }

    /// Records that the subscription numbered `reader` reads the hot source whose recorded
    /// subscription is numbered `source`. Those of ended readers go once there are many.
    public func join(_ reader: Int, to source: Int) {
        if joins.count >= limit / 10 {
            let live = Set(liveSubscriptions.map(\.number))
            joins = joins.filter { live.contains($0.key) }
        }
        joins[reader, default: []].append(source)
    }

    /// The event numbered `number`, while the log still holds it.
    public func event(numbered number: Int) -> TraceEvent? {
        let found = event(after: number - 1)
        return found?.number == number ? found : nil
    }

    /// The first event held whose number is greater than `number`.
    public func event(after number: Int) -> TraceEvent? {
        // Numbers rise through the log, skipping those another log of the sequence took.
        var low = 0
        var high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].number <= number { low = middle + 1 } else { high = middle }
        }
        return low < events.count ? events[low] : nil
    }
}
