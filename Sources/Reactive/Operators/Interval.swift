extension Signal where Value == Int {
    /// Sends 0, 1, 2, … every `period` on `scheduler`, forever, until disposed
    /// (RACSignal interval:onScheduler:, RAC 4's timer(interval:on:)): a hot source of time.
    public static func interval(_ period: Duration, on scheduler: any Scheduler) -> Signal<Int> {
        // Never zero: a timer due at once, again and again, would never let the clock move on.
        let period = max(period, .milliseconds(1))
        return Signal<Int> { observer in
            let next = SerialDisposable()
            var count = 0
            @MainActor func tick() {
                next.inner = scheduler.schedule(after: period) {
                    let value = count
                    count += 1
                    observer.send(value)
                    if !observer.isStopped { tick() }
                }
            }
            tick()
            return next
        }
    }
}
