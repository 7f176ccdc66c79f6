/// The state of a concern that lives in a target above the core (the instruments, the lessons):
/// kept by the session, made on first use, and told when `goto` rebuilds the session, so the core
/// never names it.
@MainActor
package protocol SessionConcern: AnyObject {
    init(session: SessionState)
    /// Before `goto` tears the session down: let go of what watches the old one.
    func rebuildWillStart()
    /// After the fresh session is made, before the commands are replayed (muted).
    func replayWillStart(_ context: CommandContext)
    /// After the replay, before the session goes on.
    func replayDidEnd(_ context: CommandContext)
}

extension SessionConcern {
    package func rebuildWillStart() {}
    package func replayWillStart(_ context: CommandContext) {}
    package func replayDidEnd(_ context: CommandContext) {}
}

/// The concerns' states, one of each type.
@MainActor
package final class Concerns {
    private var states: [ObjectIdentifier: any SessionConcern] = [:]
    /// In the order they were made, so the hooks run in a fixed order.
    private(set) var all: [any SessionConcern] = []

    /// The state of concern `type`, made now if it was not.
    func state<State: SessionConcern>(_ type: State.Type, in session: SessionState) -> State {
        if let state = states[ObjectIdentifier(type)] as? State { return state }
        let state = State(session: session)
        states[ObjectIdentifier(type)] = state
        all.append(state)
        return state
    }
}
