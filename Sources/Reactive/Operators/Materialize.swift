extension Signal {
    /// Every event as a value, then completed (materialize): an error or completion arrives as
    /// a value, and the signal completes after it.
    public func materialize() -> Signal<Event<Value>> {
        Signal<Event<Value>> { observer in
            self.subscribe { event in
                observer.send(event)
                if event.isTerminating { observer.sendCompleted() }
            }
        }
    }

    /// The events a materialized signal carries, sent as events again (dematerialize).
    public func dematerialize<Inner>() -> Signal<Inner> where Value == Event<Inner> {
        Signal<Inner> { observer in
            self.subscribe { event in
                switch event {
                case .next(let inner): observer.send(inner)
                case .failed(let error): observer.send(error: error)
                case .completed: observer.sendCompleted()
                }
            }
        }
    }
}
