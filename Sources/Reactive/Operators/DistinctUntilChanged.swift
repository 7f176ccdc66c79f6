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
