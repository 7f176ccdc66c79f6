extension Signal {
    /// Connects at once and replays the latest value to each subscriber (replayLast), as
    /// RACCommand shares its enabled signal: the work starts now, whoever subscribes. The
    /// connection returned keeps the shared subscription alive until it is disposed.
    public func replayLast() -> (signal: Signal, connection: any Disposable) {
        let connectable = multicast(ReplaySubject(capacity: 1))
        let connection = connectable.connect()
        return (
            connectable.signal,
            ActionDisposable { [connectable] in
                _ = connectable
                connection.dispose()
            }
        )
    }
}
