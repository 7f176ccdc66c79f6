extension Signal {
    /// The values that arrive within `interval` of the first one since the last flush, sent
    /// together (bufferWithTime:onScheduler:, a RACTuple there); the completion sends what is
    /// held first, an error drops it.
    public func buffer(time interval: Duration, on scheduler: any Scheduler) -> Signal<[Value]> {
        Signal<[Value]> { observer in
            var values: [Value] = []
            let timer = SerialDisposable()
            @MainActor func flush() {
                timer.inner = nil
                guard !values.isEmpty else { return }
                let batch = values
                values = []
                observer.send(batch)
            }
            let all = CompositeDisposable()
            all.add(timer)
            all.add(
                self.subscribe { event in
                    switch event {
                    case .next(let value):
                        if values.isEmpty { timer.inner = scheduler.schedule(after: interval) { flush() } }
                        values.append(value)
                    case .failed(let error): observer.send(error: error)
                    case .completed:
                        flush()
                        observer.sendCompleted()
                    }
                })
            return all
        }
    }
}
