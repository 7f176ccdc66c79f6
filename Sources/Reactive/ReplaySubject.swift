/// A hot signal you send into by hand that remembers the last `capacity` values
/// (RACReplaySubject subjectWithCapacity:): a subscriber first hears those, and the
/// termination if it came, then what is sent after it subscribed, delivered as `Subject` delivers.
@MainActor
public final class ReplaySubject<Value> {
    private let listeners = ListenerList<Value>()
    private var terminal: Event<Value>?
    /// The values a late subscriber hears first, oldest first; never more than `capacity`.
    public private(set) var buffer: [Value] = []
    public let capacity: Int
    /// False for RACBehaviorSubject, a RACSubject at heart: it replays its latest value, never
    /// a termination, and takes sends after one.
    public let remembersTermination: Bool

    /// `capacity` is at least 1 (replayLast is a capacity of 1).
    public init(capacity: Int, remembersTermination: Bool = true) {
        self.capacity = max(1, capacity)
        self.remembersTermination = remembersTermination
    }

    /// The number of live subscribers.
    public var subscriberCount: Int { listeners.count }

    /// The remembered values and termination at once, then every event sent from now on.
    /// The signal keeps its subject: what it replays outlives the sender (a finished run of a
    /// command's executionSignals still replays to a late subscriber).
    public var signal: Signal<Value> {
        Signal { observer in
            for value in self.buffer { observer.send(value) }
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
        let targets = listeners.snapshot
        switch event {
        case .next(let value):
            // Dropped a slice at a time when the capacity is large, so a send stays cheap.
            if buffer.count >= capacity { buffer.removeFirst(buffer.count - capacity + 1) }
            buffer.append(value)
        case .failed, .completed:
            if remembersTermination { terminal = event }
            listeners.removeAll()
        }
        for observer in targets { observer.send(event) }
    }
}
