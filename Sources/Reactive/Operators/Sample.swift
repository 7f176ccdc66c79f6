extension Signal {
    /// The latest value of this signal each time `sampler` sends, if there is one yet (sample:);
    /// either one's completion or error ends it.
    public func sample<Trigger>(_ sampler: Signal<Trigger>) -> Signal {
        Signal { observer in
            var latest: Value?
            let both = CompositeDisposable()
            both.add(
                self.subscribe { event in
                    guard case .next(let value) = event else { return observer.send(event) }
                    latest = value
                })
            both.add(
                sampler.subscribe { event in
                    switch event {
                    case .next: if let latest { observer.send(latest) }
                    case .failed(let error): observer.send(error: error)
                    case .completed: observer.sendCompleted()
                    }
                })
            return both
        }
    }
}
