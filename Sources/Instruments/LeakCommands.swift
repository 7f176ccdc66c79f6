import PlaygroundSession
import Reactive
import Shell
import TerminalText

/// `leaks` and `expect-no-leaks`: the subscriptions still live, by the command that made them.
extension CommandTable {
    static let leakCommands: [ShellCommand] = [leaks, expectNoLeaks]

    static let leaks: ShellCommand = ShellCommand(
        name: "leaks",
        summary: "every live subscription the event log recorded, counted by the command that made it "
            + "(those of the session's start: the search screen's own)",
        example: "leaks",
        details: ["the same streams of numbered rows count together, as \(StreamName(owner: "row N", "isVisible"))"],
        effect: .readsOnly, isListing: true,
        run: { _, context throws(CommandFailure) in
            let live = liveSubscriptions(context)
            context.say("\(live.count.counted("live subscription")), by the command that made them")
            LeakText.lines(live, context).forEach(context.say)
            return .succeeded
        })

    static let expectNoLeaks: ShellCommand = ShellCommand(
        name: "expect-no-leaks",
        summary: "fail unless every subscription a command made has ended (the search screen's own, made at "
            + "the session's start, may stay)",
        example: "expect-no-leaks", isExpectation: true, readsPreviousOutput: true, effect: .readsOnly,
        run: { _, context throws(CommandFailure) in
            let leaked = liveSubscriptions(context).filter { $0.cause.command != nil }
            guard !leaked.isEmpty else { return .succeeded }
            throw CommandFailure(
                "\(leaked.count.counted("subscription")) made by commands still live:",
                details: LeakText.lines(leaked, context))
        })

    /// The live subscriptions of every log (the app's, its inputs', the playground's), oldest
    /// first; a subject's sends lane is not one anybody made.
    static func liveSubscriptions(_ context: CommandContext) -> [TraceEvent] {
        context.subscriptions.liveSubscriptions.filter { !context.playground.isSendsLane($0.number) }
    }
}
