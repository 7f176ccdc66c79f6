extension Signal {
    /// Lets at most one value through per `interval` on `scheduler`: the first at once, then
    /// the latest of each window at its end. This is RAC 4's (and RxSwift's) throttle, not
    /// RAC 2's, which is `throttle(_:on:)`. Completion sends a value still waiting first;
    /// failures pass at once.
    public func throttleLeading(_ interval: Duration, on scheduler: any Scheduler) -> Signal {
        Signal { observer in
            let all = CompositeDisposable()
            let window = SerialDisposable()
            all.add(window)
            var pending: Value?
            var isOpen = true
            @MainActor func openWindow() {
                isOpen = false
                window.inner = scheduler.schedule(after: interval) {
                    guard let value = pending else {
                        isOpen = true
                        return
                    }
                    pending = nil
                    observer.send(value)
                    openWindow()
                }
            }
            all.add(
                self.subscribe { event in
                    switch event {
                    case .next(let value):
                        guard isOpen else {
                            pending = value
                            return
                        }
                        observer.send(value)
                        openWindow()
                    case .failed: observer.send(event)
                    case .completed:
                        if let value = pending { observer.send(value) }
                        observer.sendCompleted()
                    }
                })
            return all
        }
    }
}
