extension Signal {
    /// Every value of this signal, then, once it completes, every event of `next` (concat:).
    public func concat(_ next: Signal) -> Signal {
        Signal { observer in
            // Two slots: a source that completes synchronously must not have its successor replaced.
            let both = CompositeDisposable()
            let successor = SerialDisposable()
            both.add(successor)
            both.add(
                self.subscribe { event in
                    guard case .completed = event else { return observer.send(event) }
                    successor.inner = next.subscribe { event in observer.send(event) }
                })
            return both
        }
    }
}
