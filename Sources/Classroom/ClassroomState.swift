import Reactive
import Shell

/// What the class's questions keep between lines: how many were asked, the open one, the last
/// one's tally (for `answers`), the time limit's timer, and which server's teacher page hands
/// its controls here.
@MainActor
package final class ClassroomState: SessionConcern {
    var asked = 0
    var open: Question?
    var last: Tally?
    /// Closes the open question when its time is up (`ask … --for 30s`).
    var limit: (any Disposable)?
    /// The server whose teacher's page runs `ask` and `answers` here.
    weak var listeningTo: AnyObject?

    package init(session: SessionState) {}

    /// The time limit's timer runs on the clock `goto` replaces: the question stays open, for `ask close`.
    package func rebuildWillStart() {
        limit?.dispose()
        limit = nil
    }
}

extension CommandContext {
    /// The class's questions in this session.
    var classroom: ClassroomState { session.concern(ClassroomState.self) }
}
