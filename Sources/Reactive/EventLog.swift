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
    private let joinListeners = ListenerList<Join>()
    private let dropListeners = ListenerList<ArraySlice<TraceEvent>>()
    /// The most recent events, oldest first; at most `limit` of them.
    public private(set) var events: [TraceEvent] = []
    public let limit: Int

    /// That the subscription numbered `reader` reads the hot source whose recorded subscription
    /// is numbered `source` without having subscribed it: an edge no cause shows.
    public struct Join: Equatable, Sendable {
        public let reader: Int
        public let source: Int
    }

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

    /// Emits each join as it is told (`joined(to:in:)`); the log keeps none.
    public var joins: Signal<Join> {
        Signal { [weak self] observer in self?.joinListeners.add(observer) }
    }

    /// Emits the oldest events just before the log drops them for room (a tenth at a time), while
    /// `events` still holds them: what is read of them later is kept there and then.
    public var dropping: Signal<ArraySlice<TraceEvent>> {
        Signal { [weak self] observer in self?.dropListeners.add(observer) }
    }

    /// The number the last event recorded in this log's sequence got (0 before any).
    public var lastNumber: Int { numbering.last }

    /// Records an event of `stream` caused by `Cause.current`, and returns its number. A
    /// `subscribed` begins a subscription numbered like itself; a later event of it names that
    /// number as `subscription`.
    @discardableResult
    public func record(_ stream: StreamName, _ kind: TraceEvent.Kind, subscription: Int? = nil) -> Int {
        record(text: stream.text, kind, subscription: subscription)
    }

    /// `record` by the name's text, which `traced` reads once for all its events.
    @discardableResult
    func record(text stream: String, _ kind: TraceEvent.Kind, subscription: Int? = nil) -> Int {
        numbering.last += 1
        let number = numbering.last
        let event = TraceEvent(
            time: clock(), stream: stream, kind: kind, number: number, cause: Cause.current,
            subscription: kind == .subscribed ? number : subscription, scheduler: NamedScheduler.current)
        // Dropped a tenth at a time, so a full log does not move all of its events on every record.
        if events.count >= limit { drop(max(limit / 10, events.count - limit + 1)) }
        events.append(event)
        for listener in listeners.snapshot { listener.send(event) }
        return number
    }

    private func drop(_ count: Int) {
        do {
            let gone = events.prefix(count)
            for listener in dropListeners.snapshot { listener.send(gone) }
        }
        // The slice is gone by now: while it shared the buffer, removeFirst would copy it whole.
        events.removeFirst(count)
    }

    /// Tells `joins` that the subscription numbered `reader` reads the hot source whose
    /// recorded subscription is numbered `source`.
    public func join(_ reader: Int, to source: Int) {
        let join = Join(reader: reader, source: source)
        for listener in joinListeners.snapshot { listener.send(join) }
    }
}
