extension Signal {
    /// Subscribes again after a failure, at most `count` times, then lets the failure through
    /// (retry:); values pass, a completion ends it. A source that fails at once is resubscribed
    /// in a loop, not by recursion, so many retries cannot exhaust the stack; the loop ends when
    /// the subscriber is gone (a `take` downstream that has had its values).
    public func retry(_ count: Int = .max) -> Signal {
        Signal { observer in
            let current = SerialDisposable()
            var retries = 0
            var subscribing = false
            var failedMeanwhile = false
            @MainActor func attempt() {
                repeat {
                    failedMeanwhile = false
                    subscribing = true
                    current.inner = self.subscribe { event in
                        guard case .failed = event, retries < count else { return observer.send(event) }
                        retries += 1
                        if subscribing { failedMeanwhile = true } else { attempt() }
                    }
                    subscribing = false
                } while failedMeanwhile && !current.isDisposed && !observer.isStopped
            }
            attempt()
            return current
        }
    }
}
