extension Signal {
    /// Sends values until `trigger` sends a value or completes, then completes (takeUntil:). The
    /// trigger is subscribed first, so one that fires at once lets nothing through; its error
    /// is ignored, as RAC 2 ignores it.
    public func take<Trigger>(until trigger: Signal<Trigger>) -> Signal {
        Signal { observer in
            let both = CompositeDisposable()
            both.add(
                trigger.subscribe { event in
                    if case .failed = event { return }
                    both.dispose()
                    observer.sendCompleted()
                })
            if !observer.isStopped { both.add(self.subscribe { event in observer.send(event) }) }
            return both
        }
    }
}
