/// Records the events of named streams (ReactiveCocoa's logAll, kept for later): every
/// subscription, value, error, completion and cancellation, with the scheduler's time.
@MainActor
public final class EventLog {
    private let clock: () -> Duration
    /// Called synchronously: a trace line appears exactly where its event happened, even in
    /// the middle of another delivery.
    private let listeners = ListenerList<TraceEvent>()
    /// The most recent events, oldest first; at most `limit` of them.
    public private(set) var events: [TraceEvent] = []
    public let limit: Int

    public init(clock: @escaping () -> Duration, limit: Int = 100_000) {
        self.clock = clock
        self.limit = limit
    }

    /// Emits each event as it is recorded.
    public var live: Signal<TraceEvent> {
        Signal { [weak self] observer in self?.listeners.add(observer) }
    }

    public func record(_ stream: String, _ kind: TraceEvent.Kind) {
        let event = TraceEvent(time: clock(), stream: stream, kind: kind)
        // Dropped a tenth at a time, so a full log does not move all of its events on every record.
        if events.count >= limit { events.removeFirst(max(limit / 10, events.count - limit + 1)) }
        events.append(event)
        for listener in listeners.snapshot { listener.send(event) }
    }
}
