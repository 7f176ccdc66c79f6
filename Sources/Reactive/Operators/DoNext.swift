extension Signal {
    /// Runs a side effect for each value, before passing it on unchanged (doNext:).
    public func doNext(_ action: @escaping (Value) -> Void) -> Signal {
        Signal { observer in
            self.subscribe { event in
                if case .next(let value) = event { action(value) }
                observer.send(event)
            }
        }
    }
}
