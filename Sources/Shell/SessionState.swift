/// What the shell remembers between command lines, by concern: each command reads its own part.
@MainActor
final class SessionState {
    /// How long `wait idle` and the end of a script wait for pending work.
    var drainTimeout: Duration
    /// The speed `clock play` plays at (`clock speed`).
    var speed = Playback.Speed.normal
    /// The session itself, for the commands about the session (`history`, `save`, `goto`, `source`).
    weak var control: (any SessionControl)?
    let terminal = TerminalState()
    let scripts = ScriptState()
    let expectations = ExpectationState()
    let instruments = InstrumentState()
    let serving = ServingState()

    init(drainTimeout: Duration) { self.drainTimeout = drainTimeout }
}
