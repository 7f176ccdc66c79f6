/// A cold signal: each subscription starts the work anew (RACSignal's createSignal).
///
/// Events are delivered synchronously, in order, on the main actor; time only enters
/// through a `Scheduler`, which is what keeps transcripts reproducible.
@MainActor
public struct Signal<Value> {
    private let start: (Observer<Value>) -> (any Disposable)?

    /// Creates a signal whose work runs on every subscription and is cancelled by the disposable it returns.
    public init(_ start: @escaping (Observer<Value>) -> (any Disposable)?) {
        self.start = start
    }

    /// Starts the work and delivers its events to `sink` until it terminates or is disposed.
    @discardableResult
    public func subscribe(_ sink: @escaping (Event<Value>) -> Void) -> any Disposable {
        let observer = Observer(sink)
        let subscription = ActionDisposable { [observer] in observer.stop() }
        observer.lifetime.add(start(observer))
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
    public static var empty: Signal { Signal { observer in observer.sendCompleted(); return nil } }

    /// Never sends anything.
    public static var never: Signal { Signal { _ in nil } }

    /// Fails at once.
    public static func fail(_ error: any Error) -> Signal {
        Signal { observer in observer.send(error: error); return nil }
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
