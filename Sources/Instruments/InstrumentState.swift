import Reactive
import Shell

/// What the instruments keep between lines: the trace and the breakpoints.
@MainActor
package final class InstrumentState: SessionConcern {
    /// The running `trace`, if on.
    var trace: (any Disposable)?
    /// The reactive breakpoints; the waits they stop are the core's (`ClockStops`).
    let breaks: Breakpoints
    /// Runs Graphviz's `dot -Tplain` for `graph`'s picture (`Shell.graphviz`); nil draws with
    /// vmsh's own layout.
    var graphviz: ((String) -> String?)?

    package init(session: SessionState) { breaks = Breakpoints(stops: session.stops) }

    /// The trace watched the old session's log: it ends with it.
    package func rebuildWillStart() {
        trace?.dispose()
        trace = nil
    }

    /// The breakpoints as they were after the command `goto` goes to: the replay sets them again,
    /// and counts their hits on the new session's logs, but never stops at one: the clock stops
    /// where each command left it.
    package func replayWillStart(_ context: CommandContext) {
        let listening = breaks.isListening
        breaks.reset()
        if listening { CommandTable.listenForBreaks(context, again: true) }
        breaks.isActive = false
    }

    package func replayDidEnd(_ context: CommandContext) { breaks.isActive = true }
}

extension CommandContext {
    /// The instruments' state in this session.
    var instruments: InstrumentState { session.concern(InstrumentState.self) }
}
