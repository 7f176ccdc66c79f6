extension Signal {
    /// Sends `value` first, then everything this signal sends.
    public func startWith(_ value: Value) -> Signal {
        Signal { observer in
            observer.send(value)
            return self.subscribe { event in observer.send(event) }
        }
    }
}
