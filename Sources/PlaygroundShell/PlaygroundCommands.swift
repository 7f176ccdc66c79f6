import Playground
import PlaygroundSession
import Shell

/// The playground beside the app: signals defined at the prompt, on the app's clock and event
/// log, so `trace`, `marbles` and `wait` apply to them unchanged.
extension CommandTable {
    package static let playgroundCommands: [ShellCommand] = [
        playground(
            "let", "NAME = SOURCE [| OPERATOR …]", "define a signal, subject or sequence in the playground",
            "let a = marbles \"--a--b---c|\"",
            details: [letLimits]
        ) { try $0.define($1) },
        playground(
            "send", "NAME VALUE", "send a value into a subject (send NAME signal OTHER sends a signal)",
            "send s 1"
        ) { try $0.send($1) },
        playground("complete", "NAME", "complete a subject", "complete s") { try $0.complete($1) },
        playground("fail", "NAME TEXT", "fail a subject with an error", "fail s timeout") { try $0.fail($1) },
        playground(
            "subscribe", "NAME [as LABEL]",
            "subscribe to a playground signal, in its own lane \(PlayLaneSource.subscriberStream(label: "LABEL"))",
            "subscribe a as first",
            details: [subscribeLimits]
        ) { try $0.subscribe($1) },
        playground(
            "dispose", "LABEL|all", "dispose a playground subscription or connection, or all of them",
            "dispose first"
        ) { try $0.dispose($1) },
        playground(
            "execute", "NAME [VALUE]",
            "execute a command defined with let c = command … (RACCommand's execute:)", "execute c"
        ) { try $0.execute($1) },
        playground(
            "connect", "NAME", "connect a signal defined with | publish or | replay N",
            "connect p"
        ) { try $0.connect($1) },
        playground(
            "array", "NAME", "pull every value of a sequence (RACSequence's array)",
            "array xs"
        ) { try $0.pull($1, all: true) },
        playground(
            "head", "NAME", "pull the first value of a sequence, reading no more than it needs",
            "head xs"
        ) { try $0.pull($1, all: false) },
        ShellCommand(
            name: "signals", summary: "what the playground has defined, subscribed and disposed, and its live events",
            example: "signals", effect: .readsOnly,
            isListing: true,
            run: { _, context throws(CommandFailure) in
                context.playground.describe()
                return .succeeded
            }),
    ]

    private static let letLimits: String =
        "A definition is at most \(Playground.depthLimit) operators deep, counting the depth of each name "
        + "it uses; at most \(Playground.nameLimit) names are defined."
    private static let subscribeLimits: String =
        "At most \(Playground.laneLimit) lanes are live; the playground's signals hold at most "
        + "\(Playground.subscriptionLimit) subscriptions at once, counted through every operator, "
        + "and one past that fails its signal."

    /// A playground command: its text goes to the playground whole, which says what it did.
    /// Tab offers the defined names after every command but `let`, which makes a new one.
    private static func playground(
        _ name: String, _ usage: String, _ summary: String, _ example: String, details: [String] = [],
        _ action: @escaping @MainActor (Playground, String) throws -> Void
    ) -> ShellCommand {
        ShellCommand(
            name: name,
            parameters: [
                .init(name: usage, kind: .text(suggestions: name == "let" ? .none : .playgroundNames))
            ],
            synopsis: "\(name) \(usage)", summary: summary, example: example, details: details,
            misuse: "\(name) needs \(usage) (for example: \(example))",
            run: { arguments, context throws(CommandFailure) in
                do {
                    try action(context.playground, arguments.text(0) ?? "")
                } catch {
                    throw CommandFailure((error as? PlaygroundError)?.message ?? "\(error)")
                }
                return .succeeded
            })
    }
}
