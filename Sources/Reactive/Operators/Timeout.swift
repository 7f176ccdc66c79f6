/// RACSignalErrorTimedOut: the signal did not complete in time.
public struct TimeoutError: Error, CustomStringConvertible, Equatable {
    public init() {}
    public var description: String { "timed out" }
}

extension Signal {
    /// Fails with `TimeoutError` unless this signal terminates within `interval` of the
    /// subscription (timeout:onScheduler:): the whole signal, not the gap between values.
    public func timeout(_ interval: Duration, on scheduler: any Scheduler) -> Signal {
        Signal { observer in
            let all = CompositeDisposable()
            all.add(
                scheduler.schedule(after: interval) {
                    all.dispose()
                    observer.send(error: TimeoutError())
                })
            all.add(
                self.subscribe { event in
                    if event.isTerminating { all.dispose() }
                    observer.send(event)
                })
            return all
        }
    }
}
