extension Signal {
    /// Sends a value only once `interval` has passed on `scheduler` without a newer one
    /// (RAC 2's throttle:; rxjs and RAC 4 call it debounce): one search per pause in typing.
    /// Completion sends a value still waiting first; a failure drops it and passes at once.
    public func throttle(_ interval: Duration, on scheduler: any Scheduler) -> Signal {
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
