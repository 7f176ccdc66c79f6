/// The operators that change values one by one, named as in ReactiveCocoa where it helps a learner.
extension Signal {
    /// Lifts an event transformer into a new signal; the building block of the operators below.
    func lift<Output>(_ transform: @escaping (Observer<Output>) -> (Event<Value>) -> Void) -> Signal<Output> {
        Signal<Output> { observer in
            self.subscribe(transform(observer))
        }
    }

    /// Transforms each value.
    public func map<Output>(_ transform: @escaping (Value) -> Output) -> Signal<Output> {
        lift { observer in
            { event in
                switch event {
                case .next(let value): observer.send(transform(value))
                case .failed(let error): observer.send(error: error)
                case .completed: observer.sendCompleted()
                }
            }
        }
    }

    /// Keeps the values that pass `isIncluded`.
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal {
        lift { observer in
            { event in
                if case .next(let value) = event, !isIncluded(value) { return }
                observer.send(event)
            }
        }
    }

    /// Drops the first `count` values (RACObserve(...) skip:1 drops the initial state).
    public func skip(_ count: Int) -> Signal {
        Signal { observer in
            var remaining = count
            return self.subscribe { event in
                if case .next = event, remaining > 0 {
                    remaining -= 1
                    return
                }
                observer.send(event)
            }
        }
    }

    /// Sends the first `count` values, then completes.
    public func take(_ count: Int) -> Signal {
        guard count > 0 else { return .empty }
        return Signal { observer in
            var remaining = count
            return self.subscribe { event in
                guard case .next = event else { return observer.send(event) }
                // Counted before forwarding, so a value sent re-entrantly by a subscriber is not let through.
                guard remaining > 0 else { return }
                remaining -= 1
                observer.send(event)
                if remaining == 0 { observer.sendCompleted() }
            }
        }
    }

    /// Runs side effects for each value without changing the stream (doNext:).
    public func doNext(_ action: @escaping (Value) -> Void) -> Signal {
        lift { observer in
            { event in
                if case .next(let value) = event { action(value) }
                observer.send(event)
            }
        }
    }

    /// Sends `values` first, then everything this signal sends.
    public func startWith(_ value: Value) -> Signal {
        Signal { observer in
            observer.send(value)
            return self.subscribe(observer.send)
        }
    }

    /// Observes the lifecycle of each subscription without changing it (logAll's hook).
    public func on(
        subscribed: @escaping () -> Void = {},
        event: @escaping (Event<Value>) -> Void = { _ in },
        disposed: @escaping () -> Void = {}
    ) -> Signal {
        Signal { observer in
            subscribed()
            var terminated = false
            let inner = self.subscribe { e in
                if e.isTerminating { terminated = true }
                event(e)
                observer.send(e)
            }
            return ActionDisposable {
                inner.dispose()
                if !terminated { disposed() }
            }
        }
    }
}

extension Signal where Value: Equatable {
    /// Drops values equal to the one before (distinctUntilChanged).
    public func distinctUntilChanged() -> Signal {
        Signal { observer in
            var last: Value?
            return self.subscribe { event in
                if case .next(let value) = event {
                    if let last, last == value { return }
                    last = value
                }
                observer.send(event)
            }
        }
    }
}
