import Reactive
import Shell

/// What the class's questions keep between lines: how many were asked, the open one, each
/// closed one's tally (for `answers`), the time limit's timer, and which server's teacher page
/// hands its controls here.
@MainActor
package final class ClassroomState: SessionConcern {
    var asked = 0
    var open: Question?
    /// Every closed question's tally, in the order they were asked.
    var tallies: [Tally] = []
    /// The latest closed question's.
    var last: Tally? { tallies.last }
    /// Closes the open question when its time is up (`ask … --for 30s`), at `deadline` by the
    /// session's clock.
    var limit: (any Disposable)?
    var deadline: Duration?
    /// The server whose teacher's page runs `ask` and `answers` here.
    weak var listeningTo: AnyObject?
    /// True while students may open forks (`class fork on`); each student's, by who it is (its
    /// connection's id, which a reloaded page keeps), in the order they were opened.
    var forksOpen = false
    var forks: [(who: String, fork: Fork)] = []
    /// The forks being built, first asked first built, each with the lines its student sent
    /// meanwhile and where to send what they print.
    var opening: [Opening] = []
    /// The pipeline the class's forks are to make the same calls as (`exercise`), and what was asked.
    var target: (pipeline: String, task: String)?

    package init(session: SessionState) {}

    /// The time limit's timer runs on the clock `goto` replaces: it is scheduled again on the new
    /// one once the replay is over (at once, if the clock now stands past the deadline).
    package func rebuildWillStart() {
        limit?.dispose()
        limit = nil
    }

    package func replayDidEnd(_ context: CommandContext) { CommandTable.closeOnTime(context) }
}

extension CommandContext {
    /// The class's questions in this session.
    var classroom: ClassroomState { session.concern(ClassroomState.self) }
}

/// A fork being built for student `who`, and the lines that student sent before it was ready.
struct Opening {
    let who: String
    let build: ForkBuild
    var lines: [(line: String, reply: @Sendable ([String]) -> Void)]
}
