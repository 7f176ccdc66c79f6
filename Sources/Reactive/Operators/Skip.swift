extension Signal {
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
}
