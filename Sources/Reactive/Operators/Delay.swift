/// The operators that move events in time, always through a `Scheduler`.
extension Signal {
    /// Delays values and completion by `interval` on `scheduler`; failures pass at once.
    public func delay(_ interval: Duration, on scheduler: any Scheduler) -> Signal {
        shifted(by: interval, on: scheduler) { event in
            if case .failed = event { return false }
            return true
        }
    }

    /// Delivers every event through `scheduler` (deliverOn:), after what is already queued.
    public func deliver(on scheduler: any Scheduler) -> Signal {
        shifted(by: .zero, on: scheduler) { _ in true }
    }

    /// Sends the events `isShifted` picks `interval` later, the others at once. A timer is
    /// forgotten once it has fired, so a long-lived subscription does not collect them.
    private func shifted(
        by interval: Duration, on scheduler: any Scheduler, _ isShifted: @escaping (Event<Value>) -> Bool
    ) -> Signal {
        Signal { observer in
            let timers = CompositeDisposable()
            timers.add(
                self.subscribe { event in
                    guard isShifted(event) else { return observer.send(event) }
                    var timer: (any Disposable)?
                    timer = scheduler.schedule(after: interval) {
                        if let timer { timers.remove(timer) }
                        observer.send(event)
                    }
                    timers.add(timer)
                })
            return timers
        }
    }
}
