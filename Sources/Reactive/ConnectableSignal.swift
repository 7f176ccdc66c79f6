/// A signal shared through a subject (RACMulticastConnection): subscribers listen to the
/// subject, and the source runs once, when `connect()` is called, for all of them.
///
/// With a `Subject` (`publish()`) a late subscriber hears only what comes after it; with a
/// `ReplaySubject` (`replay(_:)`) it first hears the last values the source sent.
@MainActor
public final class ConnectableSignal<Value> {
    private let source: Signal<Value>
    private let forward: (Event<Value>) -> Void
    /// What subscribers listen to: the subject's signal.
    public let signal: Signal<Value>
    private var connection: (any Disposable)?

    init(source: Signal<Value>, forward: @escaping (Event<Value>) -> Void, signal: Signal<Value>) {
        self.source = source
        self.forward = forward
        self.signal = signal
    }

    /// True once the source has completed or failed: the connection is over.
    public private(set) var hasEnded = false

    /// True while the source is subscribed and has not ended.
    public var isConnected: Bool { !hasEnded && (connection.map { !$0.isDisposed } ?? false) }

    /// Subscribes the source to the subject, once for the connection's life (connect);
    /// disposing the result disconnects for good: RAC 2 never connects a connection again.
    @discardableResult
    public func connect() -> any Disposable {
        if let connection { return connection }
        // Held before subscribing, so a subscriber that connects again meanwhile finds it.
        let holder = SerialDisposable()
        connection = holder
        holder.inner = source.subscribe { [weak self] event in
            if event.isTerminating { self?.hasEnded = true }
            self?.forward(event)
        }
        return holder
    }

    /// A signal that connects on its first subscriber and disconnects when its last one
    /// leaves (autoconnect); a later subscriber only listens, as the connection is over.
    public func autoconnect() -> Signal<Value> {
        var subscribers = 0
        return Signal { [self] observer in
            subscribers += 1
            let listening = self.signal.subscribe { event in observer.send(event) }
            if subscribers == 1 { self.connect() }
            return ActionDisposable {
                listening.dispose()
                subscribers -= 1
                if subscribers == 0 { self.connection?.dispose() }
            }
        }
    }
}

extension Signal {
    /// Shares this signal through `subject` (multicast:).
    public func multicast(_ subject: Subject<Value>) -> ConnectableSignal<Value> {
        ConnectableSignal(source: self, forward: { subject.send(event: $0) }, signal: subject.signal)
    }

    /// Shares this signal through `subject`, which replays its last values (multicast: with a
    /// RACReplaySubject).
    public func multicast(_ subject: ReplaySubject<Value>) -> ConnectableSignal<Value> {
        ConnectableSignal(source: self, forward: { subject.send(event: $0) }, signal: subject.signal)
    }

    /// Shares this signal; late subscribers hear only what comes after them (publish).
    public func publish() -> ConnectableSignal<Value> { multicast(Subject()) }

    /// Shares this signal; late subscribers first hear its last `count` values
    /// (multicast: with RACReplaySubject subjectWithCapacity:, RAC's replay(N)).
    public func replay(_ count: Int) -> ConnectableSignal<Value> { multicast(ReplaySubject(capacity: count)) }
}
