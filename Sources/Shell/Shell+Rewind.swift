import Reactive

/// `goto` and `undo`: the session rebuilt from its start.
extension Shell {
    /// Rebuilds the session as it was right after command `number`: a fresh clock, service and
    /// stack, then the logged commands up to it replayed with their output muted. Virtual time
    /// makes the replay exact: the clock is brought to where it stood before and after each
    /// command, to the timer action, so a wait a breakpoint stopped stops after the same action.
    package func rebuild(upTo number: Int, as kind: RebuildKind = .rewind) throws(CommandFailure) {
        try rebuild(upTo: number, as: kind, replacing: [:])
    }

    /// `rebuild(upTo:as:)` with command N replayed as `lines[N]` where it has one.
    package func rebuild(upTo number: Int, as kind: RebuildKind, replacing lines: [Int: String])
        throws(CommandFailure)
    {
        // Said of the command that asked: goto and undo, or compare.
        let (who, s) = kind == .rewind ? ("goto and undo", "") : ("compare", "s")
        guard !clock.isLive else { throw CommandFailure("\(who) need\(s) the virtual clock (--virtual-clock)") }
        guard recentSearchStore == nil else {
            throw CommandFailure("\(who) keep\(s) no saved state: run without --state")
        }
        guard let makeService else { throw CommandFailure("\(who) work\(s) on the embedded catalog") }
        // A command dropped for room cannot be named (its line is gone), though it is replayed.
        guard number == 0 || log.entry(number) != nil else {
            throw CommandFailure("no command \(number): the history has \(log.rangeText)")
        }
        let steps = log.steps(through: number)
        // The replay jumps; a clock that played plays on from where it stops.
        let speed = clock.playback?.speed
        for concern in context.session.concernStates { concern.rebuildWillStart() }
        navigator.tearDown()
        clock.cancelAll()
        let scheduler = VirtualScheduler()
        clock = .virtual(scheduler, mailbox: clock.mailbox)
        (navigator, context) = Self.makeSession(
            service: makeService(scheduler), clock: clock, output: output, style: style,
            recentSearchStore: nil, session: context.session)
        log.truncate(after: number)
        // The lines waiting for expectations belong to a command no longer there; `expect-all on`,
        // if it came before command `number`, is replayed.
        context.session.expectations.account = nil
        context.session.expectations.expectsAll = false
        output.isMuted = true
        // What step and continue go on from is set again after the replay; each concern (the
        // breakpoints) readies itself for the replay.
        context.session.stops.stop = ClockStops.Stop()
        for concern in context.session.concernStates { concern.replayWillStart(context) }
        let showsChanges = context.session.shown.showsChanges
        context.session.shown.showsChanges = false
        defer { context.session.shown.showsChanges = showsChanges }
        // Each command where the clock stood when it started, and the clock left where it ended:
        // time that passed between commands (a playing clock) passes again, a wait cut short ends
        // early, and one a breakpoint stopped stops after the same action. Numbered steps are the
        // commands 1, 2, 3...: each replays under its own number's cause.
        let moved = { (position: ClockPosition) in
            kind == .comparison ? ClockPosition(time: position.time, actions: .max) : position
        }
        for (index, step) in steps.enumerated() {
            clock.advance(to: moved(step.started))
            if !step.passesTime { replay(lines[index + 1] ?? step.line, number: index + 1) }
            clock.advance(to: moved(step.ended))
        }
        // The stopped wait and the last event shown as command `number` left them, for continue and step.
        context.session.stops.stop = log.entry(number)?.stop ?? ClockStops.Stop()
        for concern in context.session.concernStates { concern.replayDidEnd(context) }
        output.isMuted = false
        clock.play(at: speed)
        if kind == .rewind { output.publish { $0.rewind(to: number, line: number == 0 ? nil : steps.last?.line) } }
        // A new clock: the pages go on saying how it runs.
        if context.session.serving.pageClock != nil { CommandTable.showClock(context) }
    }

    /// Runs a logged line again for `goto`, logging nothing.
    private func replay(_ line: String, number: Int) {
        let (name, argument) = Self.split(line)
        guard let command = table.command(named: name) else { return }
        _ = Cause.running(Cause(command: number)) { run(command, argument) }
    }
}
