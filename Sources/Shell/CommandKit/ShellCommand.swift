/// One shell command, declared: its name and aliases, the arguments it takes, what it does,
/// an example, and its handler. The table parses and checks the arguments from these
/// declarations before the handler runs; `help` and Tab completion read them too.
@MainActor
package struct ShellCommand {
    package typealias Handler = @MainActor (Arguments, CommandContext) throws(CommandFailure) -> LineOutcome

    let name: String
    var aliases: [String] = []
    var parameters: [Parameter] = []
    /// Named options taken anywhere among the words (`--svg FILE`), each with one value.
    var options: [Parameter] = []
    /// The usage line, where the one built from the parameters reads worse.
    var synopsis: String?
    let summary: String
    let example: String
    /// More lines for `help COMMAND`, such as the views a command draws.
    var details: [String] = []
    /// Said when the arguments do not parse; by default the usage line.
    var misuse: String?
    /// Said when there are more arguments than declared; by default "takes no arguments" or `misuse`.
    var tooMany: String?
    /// True for the checks (`expect`, `expect-not`, `expect-error`, `expect-marbles`): `--step` runs
    /// them without stopping, and the ones right after an exercise's `answer` grade the answer.
    package var isExpectation = false
    /// True for the `expect` family: they read the previous command's output, so they do not
    /// start a new capture.
    var readsPreviousOutput = false
    /// True for an argument that must not be shown (`expect --hidden TEXT`): the echo says only
    /// that it is hidden, and the command log keeps no copy for `history` or `save`.
    package var hidesArgument: @MainActor (String) -> Bool = { _ in false }
    /// False for the commands about the session itself (`history`, `save`, `goto`): they are
    /// not part of what `save` writes or `goto` replays.
    var isRecorded = true
    /// True for `say`: narration, which `--step` shows as it comes, as it does a lesson's comments.
    var isNarration = false
    /// What running it does to the session: only the commands that change its state are
    /// numbered in `history`, replayed by `goto` and stepped back over by `undo`.
    var effect: Effect = .changesState
    /// True for `wait`: what it does is let time pass, so a replay moves the clock to where it
    /// ended instead of running it again (a wait cut short by Ctrl-C ended early).
    var passesTime = false
    /// True for the commands that list things (`recent`, `history`, `stats`...): a line longer
    /// than the session's width folds at spaces, its later lines indented under its text.
    var isListing = false
    /// Its argument as the echo, the pages and the record show it (`ask` hides which choice is right).
    package var echoesAs: @MainActor (String) -> String = { $0 }
    /// Run once `serve on` has started serving: a command that answers the served pages (`ask`,
    /// whose teacher's page asks before anything was asked at the terminal) starts listening.
    package var servingDidStart: @MainActor (CommandContext) -> Void = { _ in }
    /// Its argument as `--step` shows it while it waits for the key (`predict` without its
    /// answer, so the class thinks first); the echo once it runs is whole.
    package var stepShows: @MainActor (String) -> String = { $0 }
    let run: Handler

    /// Every field but the name, the summary, the example and the handler has a default.
    package init(
        name: String, aliases: [String] = [], parameters: [Parameter] = [], options: [Parameter] = [],
        synopsis: String? = nil, summary: String, example: String, details: [String] = [], misuse: String? = nil,
        tooMany: String? = nil, isExpectation: Bool = false, readsPreviousOutput: Bool = false,
        hidesArgument: @escaping @MainActor (String) -> Bool = { _ in false }, isRecorded: Bool = true,
        isNarration: Bool = false, effect: Effect = .changesState, passesTime: Bool = false, isListing: Bool = false,
        run: @escaping Handler
    ) {
        (self.name, self.aliases, self.parameters, self.options, self.synopsis) =
            (name, aliases, parameters, options, synopsis)
        (self.summary, self.example, self.details, self.misuse, self.tooMany) = (
            summary, example, details, misuse, tooMany
        )
        (self.isExpectation, self.readsPreviousOutput, self.hidesArgument, self.isRecorded) =
            (isExpectation, readsPreviousOutput, hidesArgument, isRecorded)
        (self.isNarration, self.effect, self.passesTime, self.isListing, self.run) =
            (isNarration, effect, passesTime, isListing, run)
    }

    /// Whether running it with `argument` changes the session's state.
    func changesState(_ argument: String) -> Bool {
        switch effect {
        case .changesState: return true
        case .readsOnly: return false
        case .readsOnlyWithoutArguments: return !argument.isEmpty
        }
    }

    /// "fetch ROW COUNT [cold|shared]": built from the parameters unless a synopsis is given.
    var usage: String {
        synopsis
            ?? ([name] + parameters.map(\.usage) + options.map { "[\($0.name) \($0.valueName)]" })
            .joined(separator: " ")
    }
}
