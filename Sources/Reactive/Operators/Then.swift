extension Signal {
    /// Ignores values and sends `next`'s events once this signal completes (then:).
    public func then<Output>(_ next: Signal<Output>) -> Signal<Output> {
        Signal<Output> { observer in
            // Two slots: a source that completes synchronously must not have its successor replaced.
            let both = CompositeDisposable()
            let successor = SerialDisposable()
            both.add(successor)
            both.add(
                self.subscribe { event in
                    switch event {
                    case .next: break
                    case .failed(let error): observer.send(error: error)
                    case .completed: successor.inner = next.subscribe { event in observer.send(event) }
                    }
                })
            return both
        }
    }
}
