/// One recorded event of a named stream: what `trace` prints and `marbles` draws.
public struct TraceEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case subscribed
        case next(String)
        case failed(String)
        case completed
        /// Disposed before it terminated: the work was cancelled.
        case disposed
    }

    public let time: Duration
    public let stream: String
    public let kind: Kind

    public init(time: Duration, stream: String, kind: Kind) {
        self.time = time
        self.stream = stream
        self.kind = kind
    }
}

/// Records the events of named streams (ReactiveCocoa's logAll, kept for later): every
/// subscription, value, error, completion and cancellation, with the scheduler's time.
@MainActor
public final class EventLog {
    private let clock: () -> Duration
    /// Called synchronously, not through a Subject's queue: a trace line must appear exactly
    /// where its event happened, even in the middle of another delivery.
    private var listeners: [(id: Int, observer: Observer<TraceEvent>)] = []
    private var nextListener = 0
    /// The most recent events, oldest first; at most `limit` of them.
    public private(set) var events: [TraceEvent] = []
    public let limit: Int

    public init(clock: @escaping () -> Duration, limit: Int = 100_000) {
        self.clock = clock
        self.limit = limit
    }

    /// Emits each event as it is recorded.
    public var live: Signal<TraceEvent> {
        Signal { [weak self] observer in
            guard let self else { return nil }
            let id = self.nextListener
            self.nextListener += 1
            self.listeners.append((id, observer))
            return ActionDisposable { [weak self] in self?.listeners.removeAll { $0.id == id } }
        }
    }

    public func record(_ stream: String, _ kind: TraceEvent.Kind) {
        let event = TraceEvent(time: clock(), stream: stream, kind: kind)
        // Dropped a tenth at a time, so a full log does not move all of its events on every record.
        if events.count >= limit { events.removeFirst(max(limit / 10, events.count - limit + 1)) }
        events.append(event)
        for listener in listeners { listener.observer.send(event) }
    }
}

extension Signal {
    /// Records this signal's lifecycle in `log` under `name` (logAll); unchanged when `log` is nil.
    public func traced(
        _ name: String, in log: EventLog?, describe: @escaping (Value) -> String = { "\($0)" }
    ) -> Signal {
        guard let log else { return self }
        return on(
            subscribed: { log.record(name, .subscribed) },
            event: { event in
                switch event {
                case .next(let value): log.record(name, .next(describe(value)))
                case .failed(let error): log.record(name, .failed("\(error)"))
                case .completed: log.record(name, .completed)
                }
            },
            disposed: { log.record(name, .disposed) })
    }
}
