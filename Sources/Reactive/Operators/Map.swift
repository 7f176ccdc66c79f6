extension Signal {
    /// Transforms each value.
    public func map<Output>(_ transform: @escaping (Value) -> Output) -> Signal<Output> {
        Signal<Output> { observer in
            self.subscribe { event in observer.send(event.map(transform)) }
        }
    }
}
