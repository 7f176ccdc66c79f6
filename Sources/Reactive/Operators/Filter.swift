extension Signal {
    /// Keeps the values that pass `isIncluded`.
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal {
        Signal { observer in
            self.subscribe { event in
                if case .next(let value) = event, !isIncluded(value) { return }
                observer.send(event)
            }
        }
    }
}
