extension Signal {
    /// Maps each value to a signal and forwards only the latest one, cancelling the previous
    /// (flattenMap + switchToLatest). Completes when this signal and the latest inner one have.
    public func flatMapLatest<Output>(_ transform: @escaping (Value) -> Signal<Output>) -> Signal<Output> {
        Signal<Output> { observer in
            let outer = CompositeDisposable()
            let latest = SerialDisposable()
            outer.add(latest)
            var outerDone = false
            var innerActive = false
            var generation = 0
            outer.add(
                self.subscribe { event in
                    switch event {
                    case .next(let value):
                        generation += 1
                        let mine = generation
                        innerActive = true
                        // The previous inner signal is disposed before the new one starts, and each
                        // generation has its own slot: if the new one re-enters with a newer value,
                        // that value's slot wins and this one is disposed on assignment.
                        let slot = SerialDisposable()
                        latest.inner = slot
                        slot.inner = transform(value).subscribe { inner in
                            guard mine == generation else { return }
                            if case .completed = inner {
                                innerActive = false
                                if outerDone { observer.sendCompleted() }
                            } else {
                                observer.send(inner)
                            }
                        }
                    case .failed(let error):
                        observer.send(error: error)
                    case .completed:
                        outerDone = true
                        if !innerActive { observer.sendCompleted() }
                    }
                })
            return outer
        }
    }
}
