/// A cold signal: each subscription starts the work anew (RACSignal's createSignal).
///
/// Events are delivered synchronously, in order, on the main actor; time only enters
/// through a `Scheduler`, which is what keeps transcripts reproducible.
///
/// Every operator (in Operators/, one a file) is written the same way: a new `Signal` whose
/// work subscribes to its source and decides what to send on. State it keeps (a count, the
/// last value, the latest inner subscription) is declared inside that closure, so each
/// subscriber has its own, and the source's subscription it returns is what disposing cancels:
///
///     public func map<Output>(_ transform: @escaping (Value) -> Output) -> Signal<Output> {
///         Signal<Output> { observer in
///             self.subscribe { event in observer.send(event.map(transform)) }
///         }
///     }
@MainActor
public struct Signal<Value> {
    private let work: (Observer<Value>) -> (any Disposable)?

    /// Creates a signal whose work runs on every subscription and is cancelled by the disposable it returns.
    public init(_ work: @escaping (Observer<Value>) -> (any Disposable)?) {
        self.work = work
    }

    /// Starts the work and delivers its events to `sink` until it terminates or is disposed.
    @discardableResult
    public func subscribe(_ sink: @escaping (Event<Value>) -> Void) -> any Disposable {
        subscribe(within: nil, sink)
    }

    /// Subscribes so that disposing `owner` stops the subscription even before `subscribe`
    /// returns (RAC 2 hands its subscriber the disposable first): an operator that ends early,
    /// as `take`, stops a source still sending inside its own subscription.
    func subscribe(within owner: CompositeDisposable?, _ sink: @escaping (Event<Value>) -> Void) -> any Disposable {
        let observer = Observer(sink)
        let subscription = ActionDisposable { [observer] in observer.stop() }
        owner?.add(subscription)
        observer.lifetime.add(work(observer))
        if observer.isStopped { subscription.dispose() }
        return subscription
    }

    /// Subscribes with one closure per kind of event (subscribeNext:error:completed:).
    @discardableResult
    public func subscribeNext(
        _ next: @escaping (Value) -> Void,
        error: @escaping (any Error) -> Void = { _ in },
        completed: @escaping () -> Void = {}
    ) -> any Disposable {
        subscribe { event in
            switch event {
            case .next(let value): next(value)
            case .failed(let failure): error(failure)
            case .completed: completed()
            }
        }
    }
}

extension Signal {
    /// Sends one value, then completes.
    public static func just(_ value: Value) -> Signal {
        Signal { observer in
            observer.send(value)
            observer.sendCompleted()
            return nil
        }
    }

    /// Sends the values in order, then completes.
    public static func sequence(_ values: [Value]) -> Signal {
        Signal { observer in
            for value in values { observer.send(value) }
            observer.sendCompleted()
            return nil
        }
    }

    /// Completes at once without a value.
    public static var empty: Signal {
        Signal { observer in
            observer.sendCompleted()
            return nil
        }
    }

    /// Never sends anything.
    public static var never: Signal { Signal { _ in nil } }

    /// Fails at once.
    public static func fail(_ error: any Error) -> Signal {
        Signal { observer in
            observer.send(error: error)
            return nil
        }
    }
}

extension Signal where Value == Void {
    /// Sends one `()` after `delay` on `scheduler`, then completes.
    public static func timer(after delay: Duration, on scheduler: any Scheduler) -> Signal<Void> {
        Signal { observer in
            scheduler.schedule(after: delay) {
                observer.send(())
                observer.sendCompleted()
            }
        }
    }
}
