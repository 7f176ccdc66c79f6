extension Signal {
    /// Shares one subscription among all subscribers and replays what it sent to later ones.
    ///
    /// Hot and cold: a cold signal starts its work for every subscriber; this one connects once,
    /// for the first subscriber (RACMulticastConnection with a replay subject), so two
    /// subscribers cost one call.
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
        let subscription = live.signal.subscribe { event in observer.send(event) }
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
