extension Signal {
    /// Maps each value to a signal and merges all of them (flattenMap); completes when this
    /// signal and every inner one have.
    public func flatMap<Output>(_ transform: @escaping (Value) -> Signal<Output>) -> Signal<Output> {
        Signal<Output> { observer in
            let all = CompositeDisposable()
            var active = 1
            @MainActor func finishOne() {
                active -= 1
                if active == 0 { observer.sendCompleted() }
            }
            all.add(
                self.subscribe { event in
                    switch event {
                    case .next(let value):
                        // An inner signal that failed at once has ended this one: the source may
                        // still be sending (a merge's list), but nothing more is subscribed.
                        guard !observer.isStopped else { return }
                        active += 1
                        all.add(
                            transform(value).subscribe { inner in
                                if case .completed = inner { finishOne() } else { observer.send(inner) }
                            })
                    case .failed(let error): observer.send(error: error)
                    case .completed: finishOne()
                    }
                })
            return all
        }
    }

    /// Sends the values of all signals as they come; completes when all have (merge:).
    public static func merge(_ signals: [Signal]) -> Signal {
        Signal<Signal<Value>>.sequence(signals).flatMap { $0 }
    }
}
