import Dataflow
import PlaygroundSession
import Reactive
import Shell
import TerminalText

/// Reactive breakpoints on the virtual clock: `break`, `breaks`, `step` and `continue`.
extension CommandTable {
    static let breakCommands: [ShellCommand] = [breakWhen, breaks, step, continueWait]

    static let breakWhen: ShellCommand = ShellCommand(
        name: "break",
        // Declared word by word for Tab; a lane's name may hold spaces, so the handler reads the
        // words again as one line.
        parameters: [
            .init(name: "when|clear", kind: .choice(["when", "clear"])),
            .init(name: "ROW|NAME", kind: .word(suggestions: .rowsOr(["search", "play"])), isOptional: true),
            .init(
                name: "LANE",
                kind: .word(suggestions: .reading { DataflowTarget.laneNames(after: $0, $1, toWatch: true) }),
                isOptional: true),
            .init(name: "EVENT", kind: .choice(Breakpoints.events), isOptional: true),
            .init(name: "VALUE", kind: .text(suggestions: .none), isOptional: true),
        ],
        synopsis: "break when ROW|NAME LANE EVENT [VALUE] | break clear [N]",
        summary: "stop the virtual clock in a wait (or pause it playing) after the timer action that delivered "
            + "an event of a lane (subscribed, next, error, completed, disposed), at the time marbles draws it; "
            + "break clear removes one or all",
        example: "break when 1 metadata next",
        details: [
            "a lane of a row watches that row number of every list; VALUE is the value a next must have "
                + "(as trace prints it), or text an error must hold",
            "a hit during a command is said, and the command goes on; in a wait the clock stops once the "
                + "timer action that delivered the event has run to its end (the clock stops only between "
                + "actions): step shows the next recorded event, running the clock only when none is left, "
                + "continue runs the rest of the wait, why N tells where the event came from",
        ],
        misuse: breakMisuse,
        run: { arguments, context throws(CommandFailure) in
            // The words again as one line: a lane's name may hold spaces, and VALUE is kept as written.
            let line = (1...4).compactMap { arguments.text($0) }.joined(separator: " ")
            let words = line.split(separator: " ")
            let breaks = context.instruments.breaks
            guard arguments.text(0) == "when" else {
                guard words.count <= 1 else {
                    throw CommandFailure("break clear takes a breakpoint's number, or nothing")
                }
                let number = try words.first.map { word throws(CommandFailure) in
                    guard let number = Parse.row(String(word)) else {
                        throw CommandFailure("no breakpoint \(String(word).terminalField(limit: 40))")
                    }
                    return number
                }
                let cleared = breaks.clear(number)
                if let number, cleared == 0 { throw CommandFailure("no breakpoint \(number): see breaks") }
                context.say(number.map { "cleared break \($0)" } ?? "cleared \(cleared.counted("breakpoint"))")
                return .succeeded
            }
            guard !context.clock.isLive else {
                throw CommandFailure("breakpoints stop the virtual clock: run with --virtual-clock (or --lesson)")
            }
            guard
                let eventAt = words.indices.dropFirst(2).first(where: { Breakpoints.events.contains(String(words[$0])) }
                )
            else { throw CommandFailure(breakMisuse) }
            let watch = try watch(String(words[0]), lane: words[1..<eventAt].joined(separator: " "), context)
            let value = line[words[eventAt].endIndex...].drop(while: \.isWhitespace)
            listenForBreaks(context)
            let breakpoint = breaks.add(
                watch, event: String(words[eventAt]), value: value.isEmpty ? nil : String(value))
            context.say("break \(breakpoint.number): \(breakpoint.text)".terminalField(limit: 200))
            return .succeeded
        })

    private static let breakMisuse =
        "break needs a lane and an event: break when ROW|NAME LANE EVENT [VALUE], e.g. break when 1 metadata next"

    /// What `break when TARGET LANE` watches: the lane's stream, every subscription of it, or the
    /// one a later lane names ("delay(1s)#2"). A lane not recorded yet is one the target records
    /// once it runs (a row's pipeline's, a playground signal's); any other is refused.
    static func watch(_ target: String, lane: String, _ context: CommandContext) throws(CommandFailure)
        -> Breakpoints.Watch
    {
        let found = try DataflowTarget.named(target, context, makingRows: false)
        if let subscription = found.recording.lane(lane) {
            let named = StreamName(parsing: lane)
            guard named.subscription > 1 else { return Breakpoints.Watch(stream: subscription.stream) }
            // Shown as the subscription the lane names: a playground's later stream is its own already.
            let stream = StreamName(parsing: subscription.stream)
            let shown = stream.subscription == named.subscription ? stream : stream.numbered(named.subscription)
            return Breakpoints.Watch(stream: subscription.stream, subscription: subscription.number, shown: shown.text)
        }
        if let toCome = found.lanesToCome.first(where: { $0.lane == lane }) {
            return Breakpoints.Watch(stream: toCome.stream)
        }
        var lanes = found.recording.laneNames
        for (name, _) in found.lanesToCome where !lanes.contains(name) { lanes.append(name) }
        throw noLane(lane, in: target, lanes: lanes)
    }

    /// "no lane 'x' in row 1: its lanes are isVisible, hidden, delay(1s)"
    static func noLane(_ lane: String, in target: String, lanes: [String]) -> CommandFailure {
        let shown = Parse.row(target).map { "row \($0)" } ?? target
        let listed = lanes.prefix(12).joined(separator: ", ") + (lanes.count > 12 ? ", …" : "")
        return CommandFailure(
            "no lane '\(lane.terminalField(limit: 40))' in \(shown.terminalField(limit: 40)): its lanes are "
                + (lanes.isEmpty ? "none yet" : listed.terminalField(limit: 400)))
    }

    /// Starts watching the session's logs for breakpoints and steps, once.
    static func listenForBreaks(_ context: CommandContext, again: Bool = false) {
        let breaks = context.instruments.breaks
        guard again || !breaks.isListening else { return }
        breaks.listen(
            to: WhyText.logs(context),
            said: { [weak context] breakpoint, event in
                context?.say("break \(breakpoint.number) at \(event.time.clockText): \(WhyText.describe(event))")
            },
            pause: { [weak context] in context?.clock.pause() },
            plays: { [weak context] in context?.clock.playback != nil })
    }

    static let breaks: ShellCommand = ShellCommand(
        name: "breaks", summary: "the breakpoints, each with how often it was hit", example: "breaks",
        effect: .readsOnly, isListing: true,
        run: { _, context throws(CommandFailure) in
            let list = context.instruments.breaks.list
            if list.isEmpty { context.say("no breakpoints (break when ROW|NAME LANE EVENT [VALUE])") }
            for breakpoint in list {
                context.say(
                    "  \(breakpoint.number)  \(breakpoint.text)  (hit \(breakpoint.hits.counted("time")))"
                        .terminalField(limit: 200))
            }
            return .succeeded
        })

    static let step: ShellCommand = ShellCommand(
        name: "step",
        summary: "show the next event after the one a breakpoint (or step) showed: one that already happened, "
            + "else run the clock to the next timer action and show its first event",
        example: "step",
        details: [
            "the clock stops only between timer actions: a breakpoint stops it once the action that delivered "
                + "its event has run to its end, so the events that action went on to deliver have already "
                + "happened, and step shows them one by one without running the clock (already happened)",
            "in a wait a breakpoint stopped, step goes on with that wait, of its kind (to its end, or until idle)",
        ],
        passesTime: true,
        run: { _, context throws(CommandFailure) in
            guard !context.clock.isLive else { throw CommandFailure("step runs the virtual clock (--virtual-clock)") }
            listenForBreaks(context)
            let logs = WhyText.logs(context)
            let stops = context.session.stops
            let after = stops.stop.lastShown ?? context.instrumentation.eventLog.lastNumber
            if let next = firstEvent(after: after, in: logs) {
                stops.stop.lastShown = next.number
                context.say("step: \(next.time.clockText) \(WhyText.describe(next)), already happened")
                return .succeeded
            }
            // None left: the clock runs to the next action, in the wait a breakpoint stopped (of
            // its kind) or, outside one, for as long as the end of a script waits.
            let stopped = stops.stop.wait
            let wait = stopped ?? .until(context.clock.now + context.session.drainTimeout)
            let outcome = try run(wait, context, stopsAtAnyEvent: true)
            // A step outside a stopped wait leaves none to continue.
            if stopped == nil { stops.stop.wait = nil }
            guard case .stopped = outcome, let next = firstEvent(after: after, in: logs) else {
                context.say("step: no more events up to \(context.clock.now.clockText)")
                return .succeeded
            }
            stops.stop.lastShown = next.number
            let last = context.instrumentation.eventLog.lastNumber
            context.say(
                "step: \(next.time.clockText) \(WhyText.describe(next))"
                    + (last > next.number ? "; its action went on to event \(last)" : ""))
            return .succeeded
        })

    private static func firstEvent(after number: Int, in logs: [EventLog]) -> TraceEvent? {
        logs.compactMap { $0.event(after: number) }.min { $0.number < $1.number }
    }

    static let continueWait: ShellCommand = ShellCommand(
        name: "continue",
        summary: "go on with the wait a breakpoint stopped, to its end or the next breakpoint; a clock a "
            + "breakpoint paused as it played plays on",
        example: "continue", passesTime: true,
        run: { _, context throws(CommandFailure) in
            let clock = context.clock
            let playsOn = clock.pausedPlaying
            if let speed = playsOn {
                clock.play(at: speed)
                context.say("clock playing at \(speed.rawValue)x, from \(clock.now.clockText)")
                showClock(context)
            }
            guard let wait = context.session.stops.stop.wait else {
                if playsOn != nil { return .succeeded }
                throw CommandFailure("no wait is stopped: a breakpoint stops a wait (break when ROW|NAME LANE EVENT)")
            }
            // A clock that played (`clock play`) may have passed the stopped wait's end already.
            if case .until(let end) = wait, clock.now >= end {
                context.session.stops.stop = ClockStops.Stop()
                context.say(
                    "the clock played on past the end of the stopped wait (\(end.clockText)): "
                        + "it is \(clock.now.clockText), nothing is left to continue")
                return .succeeded
            }
            switch try run(wait, context) {
            case .stopped: sayStopped(wait, context)
            case .ended(let idle, let waited):
                switch wait {
                case .until(let end): context.say("the wait ended at \(end.clockText)")
                case .idle: try sayIdle(idle, after: waited, context)
                }
            }
            return .succeeded
        })
}
