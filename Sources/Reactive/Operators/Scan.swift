extension Signal {
    /// Sends the running result of `combine` after each value, starting from `initial`
    /// (scanWithStart:reduce:, RAC's scan).
    public func scan<Result>(
        _ initial: Result, _ combine: @escaping (Result, Value) -> Result
    ) -> Signal<Result> {
        Signal<Result> { observer in
            var running = initial
            return self.subscribe { event in
                switch event {
                case .next(let value):
                    running = combine(running, value)
                    observer.send(running)
                case .failed(let error): observer.send(error: error)
                case .completed: observer.sendCompleted()
                }
            }
        }
    }

    /// Sends only the final result of `combine` once this signal completes, starting from
    /// `initial` (aggregateWithStart:reduce:, RXCollections' fold).
    public func fold<Result>(
        _ initial: Result, _ combine: @escaping (Result, Value) -> Result
    ) -> Signal<Result> {
        Signal<Result> { observer in
            var running = initial
            return self.subscribe { event in
                switch event {
                case .next(let value): running = combine(running, value)
                case .failed(let error): observer.send(error: error)
                case .completed:
                    observer.send(running)
                    observer.sendCompleted()
                }
            }
        }
    }
}
