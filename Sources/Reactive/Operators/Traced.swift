extension Signal {
    /// Records this signal's lifecycle in `log` under `name` (logAll); unchanged when `log` is nil.
    /// A value `describe` gives no text for is passed on unrecorded.
    ///
    /// Each event it records is the current cause while it is delivered, and the subscription
    /// while it subscribes upstream: what happens meanwhile, here or in a timer scheduled then,
    /// names it as its cause (`why`).
    public func traced(
        _ stream: StreamName, in log: EventLog?, describe: @escaping (Value) -> String? = { "\($0)" }
    ) -> Signal {
        guard let log else { return self }
        let name = stream.text
        return Signal { observer in
            let subscription = log.record(text: name, .subscribed)
            var terminated = false
            let source = Cause.running(event: subscription) {
                self.subscribe { event in
                    let kind: TraceEvent.Kind
                    switch event {
                    case .next(let value):
                        guard let text = describe(value) else { return observer.send(event) }
                        kind = .next(text)
                    case .failed(let error): kind = .failed("\(error)")
                    case .completed: kind = .completed
                    }
                    if event.isTerminating { terminated = true }
                    let number = log.record(text: name, kind, subscription: subscription)
                    Cause.running(event: number) { observer.send(event) }
                }
            }
            return ActionDisposable {
                source.dispose()
                if !terminated { log.record(text: name, .disposed, subscription: subscription) }
            }
        }
    }
}
