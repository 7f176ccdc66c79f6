/// A hot signal you send into by hand (RACSubject): subscribers see what is sent after they
/// subscribe, delivered in the order they subscribed, through the `DeliveryQueue` (so a
/// cause is seen before its effects).
@MainActor
public final class Subject<Value> {
    private let listeners = ListenerList<Value>()
    private var terminal: Event<Value>?

    public init() {}

    /// The number of live subscribers (hot and cold, made visible by `stats`).
    public var subscriberCount: Int { listeners.count }

    /// Every event sent from now on; a subject that has terminated sends its termination at once.
    public var signal: Signal<Value> {
        Signal { [weak self] observer in
            guard let self else {
                observer.sendCompleted()
                return nil
            }
            if let terminal = self.terminal {
                observer.send(terminal)
                return nil
            }
            return self.listeners.add(observer)
        }
    }

    public func send(_ value: Value) { send(event: .next(value)) }
    public func sendCompleted() { send(event: .completed) }
    public func send(error: any Error) { send(event: .failed(error)) }

    func send(event: Event<Value>) {
        guard terminal == nil else { return }
        // The subscribers at the time of sending; one that unsubscribes before its turn is
        // stopped, so it receives nothing.
        let targets = listeners.snapshot
        if event.isTerminating {
            terminal = event
            listeners.removeAll()
        }
        DeliveryQueue.enqueue {
            for observer in targets { observer.send(event) }
        }
    }
}
