import Reactive

extension Signal {
    /// The running value: `initial` combined with each value in turn, sent after each one (scan).
    ///
    /// The library's own `scan` when it has one (scripts/bench passes REACTIVE_HAS_SCAN); else
    /// one built here from the public Signal API, as a user of the library would write it.
    func runningValue<Result>(_ initial: Result, _ next: @escaping (Result, Value) -> Result) -> Signal<Result> {
        #if REACTIVE_HAS_SCAN
        return scan(initial, next)
        #else
        return Signal<Result> { observer in
            var current = initial
            return self.subscribe { event in
                switch event {
                case .next(let value):
                    current = next(current, value)
                    observer.send(current)
                case .failed(let error): observer.send(error: error)
                case .completed: observer.sendCompleted()
                }
            }
        }
        #endif
    }
}
