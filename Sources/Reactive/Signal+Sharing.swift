/// Hot and cold. A cold signal starts its work for every subscriber; `replayLazily()` turns it
/// into one shared subscription (RACMulticastConnection with a replay subject, connected by
/// the first subscriber), so two subscribers cost one call.
extension Signal {
    public func replayLazily() -> Signal {
        let shared = SharedSubscription(source: self)
        return Signal { observer in shared.add(observer) }
    }
}

@MainActor
private final class SharedSubscription<Value> {
    private let source: Signal<Value>
    /// Everything the source sent, for subscribers that come later.
    private var received: [Event<Value>] = []
    /// The subscribers of the moment, hot.
    private let live = Subject<Value>()
    private var connection: (any Disposable)?
    private var connected = false

    init(source: Signal<Value>) { self.source = source }

    func add(_ observer: Observer<Value>) -> (any Disposable)? {
        for event in received { observer.send(event) }
        if received.last?.isTerminating == true { return nil }
        let subscription = live.signal.subscribe(observer.send)
        if !connected {
            // Connect once, for good: later subscribers get the replay, never a second call.
            // The source holds this object until it terminates, so the work outlives its callers.
            connected = true
            connection = source.subscribe { event in
                self.received.append(event)
                self.live.send(event: event)
                if event.isTerminating { self.connection = nil }
            }
        }
        return subscription
    }
}
