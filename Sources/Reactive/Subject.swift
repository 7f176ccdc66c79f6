/// A hot signal you send into by hand (RACSubject): subscribers see what is sent after they
/// subscribe, delivered in the order they subscribed.
@MainActor
public final class Subject<Value> {
    private var observers: [(id: Int, observer: Observer<Value>)] = []
    private var nextID = 0
    private var terminal: Event<Value>?
    /// Events sent while an event is being delivered: they wait, so every subscriber sees the
    /// events of this subject in the order they were sent.
    private var queued: [Event<Value>] = []
    private var isDelivering = false

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
        if event.isTerminating { terminal = event }
        queued.append(event)
        guard !isDelivering else { return }
        isDelivering = true
        while !queued.isEmpty {
            let next = queued.removeFirst()
            // A snapshot: observers added while delivering see only later events.
            for entry in observers { entry.observer.send(next) }
            if next.isTerminating { observers = [] }
        }
        isDelivering = false
    }
}
