extension Signal {
    /// Subscribes to this signal as work scheduled on `scheduler` (subscribeOn:): the source's
    /// work starts once that action runs, after what is already queued; disposing before then
    /// cancels it, and events then come as the source sends them.
    public func subscribe(on scheduler: any Scheduler) -> Signal {
        Signal { observer in
            let subscription = SerialDisposable()
            let start = scheduler.schedule(after: .zero) {
                subscription.inner = self.subscribe(observer.send)
            }
            return ActionDisposable {
                start.dispose()
                subscription.dispose()
            }
        }
    }
}
