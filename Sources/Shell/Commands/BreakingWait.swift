import TerminalText

/// The virtual clock's waits (`wait`, `continue`, `step`) with the breakpoints on: a hit stops
/// the clock there, and the rest of the wait is kept for `continue`.
extension CommandTable {
    /// Runs the virtual clock to `end` with the breakpoints on: a hit stops it and keeps the rest
    /// of the wait for `continue`, saying so.
    static func runClock(to end: Duration, _ context: CommandContext) throws(CommandFailure) {
        let breaks = context.session.breaks
        let clock = context.clock
        breaks.stopsClock = true
        defer { breaks.stopsClock = false }
        if clock.wait(max(end - clock.now, .zero), interrupted: context.session.isInterrupted) {
            breaks.lastShown = nil
            breaks.pausedWait = nil
            return
        }
        guard clock.isPaused else { throw CommandFailure("wait interrupted") }
        breaks.pausedWait = .until(end)
        if !breaks.stopsAtAnyEvent {
            let why = breaks.lastShown.map { ", why \($0)" } ?? ""
            context.say(
                "the clock stopped at \(clock.now.clockText) with \((end - clock.now).clockText) of the wait left: "
                    + "step, continue\(why)")
        }
    }

    /// `wait idle` with the breakpoints on, at most until `limit`; throws when still busy.
    static func runUntilIdle(limit: Duration, _ context: CommandContext) throws(CommandFailure) {
        let breaks = context.session.breaks
        let clock = context.clock
        breaks.stopsClock = true
        defer { breaks.stopsClock = false }
        let (idle, waited) = clock.waitUntilIdle(
            limit: max(limit - clock.now, .zero), interrupted: context.session.isInterrupted)
        if clock.isPaused {
            breaks.pausedWait = .idle(limit: limit)
            let why = breaks.lastShown.map { ", why \($0)" } ?? ""
            context.say("the clock stopped at \(clock.now.clockText) in a wait for idle: step, continue\(why)")
            return
        }
        breaks.lastShown = nil
        try sayIdle(idle, after: waited, context)
    }
}
