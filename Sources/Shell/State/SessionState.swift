/// What the shell remembers between command lines, by concern: each command reads its own part.
/// The concerns of the targets above the core keep theirs in `concerns`.
@MainActor
package final class SessionState {
    /// Every command, by topic.
    package let table: CommandTable
    /// How long `wait idle` and the end of a script wait for pending work.
    package var drainTimeout: Duration
    /// The events the session's log keeps for `why`, `trace` and `graph` (the newest), and its
    /// inputs' log a tenth as many: a student's fork keeps fewer than the teacher's session.
    let eventLimit: Int
    /// The speed `clock play` plays at (`clock speed`).
    var speed = Playback.Speed.normal
    /// The session itself, for the commands about the session (`history`, `save`, `goto`, `source`).
    package weak var control: (any SessionControl)?
    package let terminal = TerminalState()
    package let scripts = ScriptState()
    package let expectations = ExpectationState()
    package let serving = ServingState()
    package let shown = ShownState()
    /// The waits on the virtual clock that events stop, and what they go on from.
    package let stops = ClockStops()
    private let concerns = Concerns()

    init(table: CommandTable, drainTimeout: Duration, eventLimit: Int) {
        self.table = table
        self.drainTimeout = drainTimeout
        self.eventLimit = eventLimit
    }

    /// The state of a concern above the core, made on first use.
    package func concern<State: SessionConcern>(_ type: State.Type) -> State { concerns.state(type, in: self) }

    /// Every concern's state made so far, for the hooks of `goto`.
    var concernStates: [any SessionConcern] { concerns.all }
}
