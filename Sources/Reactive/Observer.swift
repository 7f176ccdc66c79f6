/// Receives the events of one subscription and enforces the signal grammar.
///
/// After a terminating event, or after the subscription is disposed, further events are dropped.
@MainActor
public final class Observer<Value> {
    private var sink: ((Event<Value>) -> Void)?
    /// Disposed when a terminating event arrives, so upstream work stops at once.
    let lifetime = CompositeDisposable()

    init(_ sink: @escaping (Event<Value>) -> Void) { self.sink = sink }

    public var isStopped: Bool { sink == nil }

    public func send(_ event: Event<Value>) {
        guard let sink else { return }
        if event.isTerminating {
            self.sink = nil
            sink(event)
            lifetime.dispose()
        } else {
            sink(event)
        }
    }

    public func send(_ value: Value) { send(.next(value)) }
    public func sendCompleted() { send(.completed) }
    public func send(error: any Error) { send(.failed(error)) }

    func stop() {
        sink = nil
        lifetime.dispose()
    }
}
