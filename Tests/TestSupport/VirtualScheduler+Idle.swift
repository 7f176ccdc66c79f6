import Reactive

extension VirtualScheduler {
    /// Runs until nothing is pending or `limit` virtual time has passed; true when idle. A
    /// breakpoint's pause stops nothing here: a test runs the clock out.
    @discardableResult
    public func runUntilIdle(limit: Duration = .seconds(3600)) -> Bool {
        let deadline = now + limit
        while let due = nextDueTime, due <= deadline { advance(to: due) }
        return pendingCount == 0
    }
}
