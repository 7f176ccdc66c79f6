extension Signal {
    /// Records in `log` that each subscription to this hot source (a property, a subject, a
    /// shared signal) reads the source recorded as subscription `source`: the subscriber is the
    /// subscription being made, the current cause (`traced` sets it while it subscribes).
    /// Unchanged when `log` is nil.
    public func joined(to source: @escaping () -> Int?, in log: EventLog?) -> Signal {
        guard let log else { return self }
        return Signal { observer in
            if let reader = Cause.current.event, let source = source() { log.join(reader, to: source) }
            return self.subscribe { event in observer.send(event) }
        }
    }
}
