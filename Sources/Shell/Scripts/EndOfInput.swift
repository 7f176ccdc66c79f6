import OutputKinds
import PhotoModel

extension Shell {
    /// At the end of input: waits (bounded) for pending work, then ends the ViewModels and
    /// says what that cancelled, in the learner's terms: service calls per API method. Under
    /// `expect-all`, an update that arrives then was expected by nothing: it counts, as the
    /// returned number, and so does work that had to be cancelled.
    @discardableResult
    public func drainAtEndOfInput() -> Int {
        let limit = drainTimeout
        let waiting = clock.pendingCount
        // The last command's lines, unless the runner settled them first.
        let unexpected = settleExpectations()
        if context.session.expectations.expectsAll { beginCapture(numbered: false, at: "after the end of input") }
        // What prints from here on is late output, not the last command's.
        if waiting > 0 { context.say("-- end of input: waiting for \(waiting.counted("timer")) --", as: .end) }
        if clock.waitUntilIdle(limit: limit).idle {
            tearDown()
            return unexpected + settleExpectations()
        }
        let counted = context.service as? any ServiceCallCounting
        let before = counted?.calls.cancelled ?? [:]
        let pending = clock.pendingCount  // each call in flight is one of these
        tearDown()
        clock.cancelAll()
        let after = counted?.calls.cancelled ?? [:]
        let calls = after.keys.sorted().compactMap { method -> (String, Int)? in
            let count = after[method, default: 0] - before[method, default: 0]
            return count > 0 ? (method, count) : nil
        }
        let total = calls.map(\.1).reduce(0, +)
        let timers = max(pending - total, 0)
        var cancelled: [String] = []
        if !calls.isEmpty {
            let methods = calls.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
            cancelled.append("\(total) service call\(total == 1 ? "" : "s") (\(methods))")
        }
        if timers > 0 {
            cancelled.append("\(timers) timer\(timers == 1 ? "" : "s") (waits such as the rows' 1 s visibility delay)")
        }
        let what =
            cancelled.isEmpty ? "nothing was left to cancel" : "cancelled " + cancelled.joined(separator: " and ")
        reportError("still busy \(limit.clockText) after the end of input; \(what)", as: .report)
        return unexpected + settleExpectations() + (context.session.expectations.expectsAll ? 1 : 0)
    }

    /// Ends the session at once: pending work is cancelled, ViewModels disposed.
    public func endNow() {
        clock.cancelAll()
        tearDown()
    }
}
