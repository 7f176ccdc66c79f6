/// A value that can be set and observed (a KVO property seen through RACObserve): what a
/// ViewModel owns, and exposes to Views only as a read-only `Property`.
///
/// `signal` sends the current value at once, then every change, in order.
@MainActor
public final class MutableProperty<Value> {
    private let changesSubject = Subject<Value>()
    /// Completes as the property goes, so `observed` can end with its owner.
    private let ending = Subject<Never>()

    /// The current value; setting it sends the new value to every observer, even when unchanged.
    public var value: Value {
        didSet { changesSubject.send(value) }
    }

    public init(_ value: Value) { self.value = value }

    isolated deinit { ending.sendCompleted() }

    /// The current value, then every later change (RACObserve).
    public var signal: Signal<Value> {
        Signal { [weak self] observer in
            guard let self else {
                observer.sendCompleted()
                return nil
            }
            // Listening first: a change made by whoever receives the current value is not lost.
            let changes = self.changesSubject.signal.subscribe { event in observer.send(event) }
            observer.send(self.value)
            return changes
        }
    }

    /// As `signal`, then completed when the property (so its owner) is deallocated, as RACObserve
    /// "sends completed if self or observer is deallocated".
    public var observed: Signal<Value> {
        Signal { [weak self] observer in
            guard let self else {
                observer.sendCompleted()
                return nil
            }
            let both = CompositeDisposable()
            both.add(self.ending.signal.subscribe { _ in observer.sendCompleted() })
            both.add(self.signal.subscribe { event in observer.send(event) })
            return both
        }
    }

    /// Every later change, without the current value (RACObserve(...) skip:1).
    public var changes: Signal<Value> { changesSubject.signal }

    /// The number of observers listening now (what `graph` counts).
    public var subscriberCount: Int { changesSubject.subscriberCount }
}

extension Signal {
    /// Binds each value into `property` (RAC(object, key) = signal).
    public func bind(to property: MutableProperty<Value>) -> any Disposable {
        subscribeNext({ [weak property] in property?.value = $0 })
    }
}
