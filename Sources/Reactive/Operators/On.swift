extension Signal {
    /// Observes the lifecycle of each subscription without changing it (logAll's hook):
    /// `disposed` runs only when the subscription is disposed before it terminated.
    public func on(
        subscribed: @escaping () -> Void = {},
        event: @escaping (Event<Value>) -> Void = { _ in },
        disposed: @escaping () -> Void = {}
    ) -> Signal {
        Signal { observer in
            subscribed()
            var terminated = false
            let source = self.subscribe { received in
                if received.isTerminating { terminated = true }
                event(received)
                observer.send(received)
            }
            return ActionDisposable {
                source.dispose()
                if !terminated { disposed() }
            }
        }
    }
}
