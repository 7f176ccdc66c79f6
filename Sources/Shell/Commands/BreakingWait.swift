import TerminalText

/// The virtual clock's waits (`wait`, `continue`, `step`) with the breakpoints on: a hit stops
/// the clock there, after the timer action that delivered its event, and the rest of the wait is
/// kept for `continue`.
extension CommandTable {
    /// How a wait with the breakpoints on ended.
    package enum WaitOutcome {
        /// A breakpoint (or `step`) stopped the clock; the rest is kept in `ClockStops.stop`.
        case stopped
        /// It ran to its end; `idle` says whether no work was left, after `waited`.
        case ended(idle: Bool, waited: Duration)
    }

    /// Runs the virtual clock through `wait` (to its end, or until idle) with the breakpoints on
    /// (and, for `step`, every event stopping it): a stop keeps the same kind of wait to go on with.
    package static func run(_ wait: ClockStops.Wait, _ context: CommandContext, stopsAtAnyEvent: Bool = false)
        throws(CommandFailure) -> WaitOutcome
    {
        let breaks = context.session.stops
        let clock = context.clock
        breaks.stopsClock = true
        breaks.stopsAtAnyEvent = stopsAtAnyEvent
        defer {
            breaks.stopsClock = false
            breaks.stopsAtAnyEvent = false
        }
        let outcome: WaitOutcome
        switch wait {
        case .until(let end):
            let ended = clock.wait(max(end - clock.now, .zero), interrupted: context.session.terminal.isInterrupted)
            guard ended || clock.isPaused else { throw CommandFailure("wait interrupted") }
            outcome = ended ? .ended(idle: clock.pendingCount == 0, waited: .zero) : .stopped
        case .idle(let limit):
            let (idle, waited) = clock.waitUntilIdle(
                limit: max(limit - clock.now, .zero), interrupted: context.session.terminal.isInterrupted)
            outcome = clock.isPaused ? .stopped : .ended(idle: idle, waited: waited)
        }
        if case .stopped = outcome {
            breaks.stop.wait = wait
            // Typed while the clock played, the wait stopped it playing too.
            if clock.tookPause() { showClock(context) }
        } else {
            breaks.stop = ClockStops.Stop()
        }
        return outcome
    }

    /// Says where a breakpoint stopped `wait`: the time, what is left, and how far the action that
    /// delivered its event went on (the clock stops only once that action has run to its end).
    package static func sayStopped(_ wait: ClockStops.Wait, _ context: CommandContext) {
        let clock = context.clock
        let (wentOn, why) = stopNotes(context)
        switch wait {
        case .until(let end):
            context.say(
                "the clock stopped at \(clock.now.clockText) with \((end - clock.now).clockText) of the wait left"
                    + "\(wentOn): step, continue\(why)")
        case .idle:
            context.say("the clock stopped at \(clock.now.clockText) in a wait for idle\(wentOn): step, continue\(why)")
        }
    }

    /// Says that a breakpoint's event paused the clock playing at the prompt, and tells a class
    /// following the session; `continue` (or `clock play`) plays on.
    static func sayPausedPlaying(_ context: CommandContext) {
        let (wentOn, why) = stopNotes(context)
        context.say(
            "the clock paused at \(context.clock.now.clockText)\(wentOn): continue (or clock play) plays on, step\(why)"
        )
        showClock(context)
    }

    /// ", after its action went on to event 140" when the action that delivered the event shown
    /// delivered more, and ", why 138".
    private static func stopNotes(_ context: CommandContext) -> (wentOn: String, why: String) {
        let shown = context.session.stops.stop.lastShown
        let last = context.instrumentation.eventLog.lastNumber
        let wentOn = shown.map { last > $0 ? ", after its action went on to event \(last)" : "" } ?? ""
        return (wentOn, shown.map { ", why \($0)" } ?? "")
    }
}
