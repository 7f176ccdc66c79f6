extension Signal {
    /// Sends values until `trigger` sends its first value, then completes (takeUntil:).
    public func take<Trigger>(until trigger: Signal<Trigger>) -> Signal {
        Signal { observer in
            let both = CompositeDisposable()
            both.add(
                trigger.subscribe { event in
                    if case .next = event { observer.sendCompleted() }
                })
            if !observer.isStopped { both.add(self.subscribe { event in observer.send(event) }) }
            return both
        }
    }
}
