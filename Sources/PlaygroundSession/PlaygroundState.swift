import Playground
import Shell
import TerminalViews

/// The playground beside the app, as a concern of the session: made on first use, on the
/// session's clock and event log, and made afresh for the session `goto` rebuilds. The core never
/// names it; the playground's commands, the instruments that draw its signals and `code` read it
/// through `context.playground`.
@MainActor
package final class PlaygroundState: SessionConcern {
    /// The session's context the playground was made for: a rebuilt session has a context of its own.
    private weak var madeFor: CommandContext?
    private var made: Playground?

    package init(session: SessionState) {}

    /// The playground of `context`'s session, made now if it has none yet.
    func playground(in context: CommandContext) -> Playground {
        if let made, madeFor === context { return made }
        let playground = Playground(
            scheduler: context.clock.scheduler, log: context.instrumentation.eventLog,
            app: AppStreamsAdapter(navigator: context.navigator), say: { [weak context] line in context?.say(line) })
        context.subscriptions.read(playground.inputs)
        (madeFor, made) = (context, playground)
        return playground
    }

    /// The old session's signals go with it.
    package func rebuildWillStart() { (madeFor, made) = (nil, nil) }
}

extension CommandContext {
    /// The playground beside the app, on the same clock and event log; made on first use.
    package var playground: Playground { session.concern(PlaygroundState.self).playground(in: self) }
}

extension Parameter.Suggestions {
    /// The names defined in the playground (`send NAME`, `subscribe NAME`).
    package static var playgroundNames: Self { .reading { _, context in context.playground.names } }

    /// The rows of the list on screen, then `names`, then the playground's names.
    package static func rowsOr(_ names: [String]) -> Self {
        .reading { _, context in
            let rows = (context.navigator.top as? any ResultRows)?.rowCount ?? 0
            return (rows > 0 ? (1...rows).map(String.init) : []) + names + context.playground.names
        }
    }
}
