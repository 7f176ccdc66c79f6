/// A hot signal you send into by hand (RACSubject): subscribers see what is sent after they
/// subscribe, delivered in the order they subscribed.
///
/// A send made while any subject is delivering waits until that delivery is over (see
/// `Delivery`), so every subscriber sees events in the order they were sent, and a cause is
/// seen before its effects: a View hears `searchText` change before the `isSearchValid` it
/// caused, although the ViewModel's own binding subscribed first.
@MainActor
public final class Subject<Value> {
    private var observers: [(id: Int, observer: Observer<Value>)] = []
    private var nextID = 0
    private var terminal: Event<Value>?

    public init() {}

    /// The number of live subscribers (hot and cold, made visible by `stats`).
    public var subscriberCount: Int { observers.count }

    public var signal: Signal<Value> {
        Signal { [weak self] observer in
            guard let self else { observer.sendCompleted(); return nil }
            if let terminal = self.terminal {
                observer.send(terminal)
                return nil
            }
            let id = self.nextID
            self.nextID += 1
            self.observers.append((id, observer))
            return ActionDisposable { [weak self] in
                self?.observers.removeAll { $0.id == id }
            }
        }
    }

    public func send(_ value: Value) { send(event: .next(value)) }
    public func sendCompleted() { send(event: .completed) }
    public func send(error: any Error) { send(event: .failed(error)) }

    func send(event: Event<Value>) {
        guard terminal == nil else { return }
        // The subscribers at the time of sending; one that unsubscribes before its turn is
        // stopped, so it receives nothing.
        let targets = observers
        if event.isTerminating {
            terminal = event
            observers = []
        }
        Delivery.enqueue {
            for entry in targets { entry.observer.send(event) }
        }
    }
}

/// The one queue of subject deliveries on the main actor: breadth first, in the order sent.
@MainActor
enum Delivery {
    private static var pending: [() -> Void] = []
    private static var isDelivering = false

    static func enqueue(_ delivery: @escaping () -> Void) {
        pending.append(delivery)
        guard !isDelivering else { return }
        isDelivering = true
        while !pending.isEmpty { pending.removeFirst()() }
        isDelivering = false
    }
}
