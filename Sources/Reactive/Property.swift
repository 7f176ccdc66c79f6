/// A mutable value that can be observed (a KVO property seen through RACObserve).
///
/// `signal` sends the current value at once, then every change, in order.
@MainActor
public final class Property<Value> {
    private let changesSubject = Subject<Value>()

    public var value: Value {
        didSet { changesSubject.send(value) }
    }

    public init(_ value: Value) { self.value = value }

    /// The current value, then every later change (RACObserve).
    public var signal: Signal<Value> {
        Signal { [weak self] observer in
            guard let self else { observer.sendCompleted(); return nil }
            // Listening first: a change made by whoever receives the current value is not lost.
            let changes = self.changesSubject.signal.subscribe(observer.send)
            observer.send(self.value)
            return changes
        }
    }

    /// Every later change, without the current value (RACObserve(...) skip:1).
    public var changes: Signal<Value> { changesSubject.signal }
}

extension Signal {
    /// Binds each value into `property` (RAC(object, key) = signal).
    public func bind(to property: Property<Value>) -> any Disposable {
        subscribeNext({ [weak property] in property?.value = $0 })
    }
}
