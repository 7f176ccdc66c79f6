extension Signal {
    /// Sends a value only once `interval` has passed on `scheduler` without a newer one
    /// (RAC 2's throttle:, RAC 4's debounce(_:on:)): one search per pause in typing.
    /// Completion sends a value still waiting first; failures pass at once.
    public func debounce(_ interval: Duration, on scheduler: any Scheduler) -> Signal {
        Signal { observer in
            let all = CompositeDisposable()
            let timer = SerialDisposable()
            all.add(timer)
            var pending: Value?
            all.add(
                self.subscribe { event in
                    switch event {
                    case .next(let value):
                        pending = value
                        timer.inner = scheduler.schedule(after: interval) {
                            guard let value = pending else { return }
                            pending = nil
                            observer.send(value)
                        }
                    case .failed: observer.send(event)
                    case .completed:
                        timer.inner = nil
                        if let value = pending { observer.send(value) }
                        observer.sendCompleted()
                    }
                })
            return all
        }
    }
}
