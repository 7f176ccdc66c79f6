extension Signal {
    /// Records this signal's lifecycle in `log` under `name` (logAll); unchanged when `log` is nil.
    public func traced(
        _ name: String, in log: EventLog?, describe: @escaping (Value) -> String = { "\($0)" }
    ) -> Signal {
        guard let log else { return self }
        return on(
            subscribed: { log.record(name, .subscribed) },
            event: { event in
                switch event {
                case .next(let value): log.record(name, .next(describe(value)))
                case .failed(let error): log.record(name, .failed("\(error)"))
                case .completed: log.record(name, .completed)
                }
            },
            disposed: { log.record(name, .disposed) })
    }
}
