extension Signal {
    /// Replaces a failure with the signal `handler` returns (catch:).
    public func `catch`(_ handler: @escaping (any Error) -> Signal) -> Signal {
        Signal { observer in
            // Two slots: a source that fails synchronously must not have its fallback replaced.
            let both = CompositeDisposable()
            let fallback = SerialDisposable()
            both.add(fallback)
            both.add(
                self.subscribe { event in
                    if case .failed(let error) = event {
                        fallback.inner = handler(error).subscribe { event in observer.send(event) }
                    } else {
                        observer.send(event)
                    }
                })
            return both
        }
    }
}
