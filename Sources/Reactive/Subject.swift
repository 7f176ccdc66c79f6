/// A hot signal you send into by hand (RACSubject): subscribers see what is sent after they
/// subscribe, in the order they subscribed, synchronously and depth first, as RACSubject's
/// `-sendNext:` does: a subscriber that sends in turn (a binding) has its own subscribers
/// hear that before the next subscriber of this subject hears the first value. So a View
/// that subscribed after its ViewModel's bindings hears an effect before its cause.
///
/// Like RACSubject it keeps no terminal state: a completion or error ends the subscribers of
/// that moment, and a subscriber that comes later hears nothing of it, only what is sent after
/// it subscribed. (rxjs's Subject tells a late subscriber that it completed; RAC 2's does not.)
@MainActor
public final class Subject<Value> {
    private let listeners = ListenerList<Value>()

    public init() {}

    /// The number of live subscribers (hot and cold, made visible by `stats`).
    public var subscriberCount: Int { listeners.count }

    /// Every event sent from now on.
    public var signal: Signal<Value> {
        Signal { [weak self] observer in
            guard let self else {
                observer.sendCompleted()
                return nil
            }
            return self.listeners.add(observer)
        }
    }

    public func send(_ value: Value) { send(event: .next(value)) }
    public func sendCompleted() { send(event: .completed) }
    public func send(error: any Error) { send(event: .failed(error)) }

    func send(event: Event<Value>) {
        // The subscribers at the time of sending; one that unsubscribes before its turn is
        // stopped, so it receives nothing.
        let targets = listeners.snapshot
        // A termination ends them all: they leave the list (RACSubscriber disposes itself).
        if event.isTerminating { listeners.removeAll() }
        for observer in targets { observer.send(event) }
    }
}
