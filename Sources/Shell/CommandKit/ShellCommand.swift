/// One shell command, declared: its name and aliases, the arguments it takes, what it does,
/// an example, and its handler. The table parses and checks the arguments from these
/// declarations before the handler runs; `help` and Tab completion read them too.
@MainActor
struct ShellCommand {
    typealias Handler = @MainActor (Arguments, CommandContext) throws(CommandFailure) -> LineOutcome

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
    var isExpectation = false
    /// True for the `expect` family: they read the previous command's output, so they do not
    /// start a new capture.
    var readsPreviousOutput = false
    /// True for an argument that must not be shown (`expect --hidden TEXT`): the echo says only
    /// that it is hidden, and the command log keeps no copy for `history` or `save`.
    var hidesArgument: @MainActor (String) -> Bool = { _ in false }
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
    let run: Handler

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

/// What a command does to the session's state: the ViewModels, the clock, the playground,
/// the settings that shape what later commands print.
enum Effect {
    /// It changes it (`search`, `scroll`, `wait`, `let`, `trace on`).
    case changesState
    /// It only looks (`show`, `stack`, `inspect`, `marbles`, the expectations).
    case readsOnly
    /// It only looks unless given arguments (`stats` against `stats reset`, `net` against
    /// `net offline`).
    case readsOnlyWithoutArguments
}

/// One declared argument of a command.
struct Parameter {
    enum Kind {
        /// The rest of the line, spaces included (`search TEXT`); Tab offers `suggestions`.
        case text(suggestions: Suggestions)
        /// One word from a fixed list, in any letter case (`scroll down|up`).
        case choice([String])
        /// Any one word; Tab offers `suggestions` (`marbles ROW|NAME`, `help COMMAND`).
        case word(suggestions: Suggestions)
        /// A whole number written as digits, within `range`.
        case number(ClosedRange<Int>)
        /// A row number of the list on screen (`open N`).
        case row
        /// A range of rows, `A-B` or `A` (`visible A-B`).
        case rows
        /// A duration in `DurationGrammar` (500ms, 2s, 1.5m, 1h), or one of `words` (`wait idle`).
        case duration(orWords: [String])
    }

    /// What Tab offers for a free-form parameter.
    enum Suggestions {
        case none
        case commandNames
        case recentSearchTexts
        /// The rows of the list on screen, then these names, then the playground's names.
        case rowsOr([String])
        /// The names defined in the playground (`send NAME`, `subscribe NAME`).
        case playgroundNames
        /// The words that may follow the argument before this one (`set pipeline …`).
        case after([String: [String]])
        /// The lanes (the graph's nodes) of the row or name before this one (`why 3 …`).
        case lanes
        /// Those lanes and the ones the row or name records once it runs (`break when 3 …`).
        case lanesToWatch
    }

    /// How the parameter shows in usage lines: "TEXT", "down|up", "A-B".
    let name: String
    let kind: Kind
    var isOptional = false
    /// The message when this argument is present but invalid (given its text); else the command's.
    var invalid: ((String) -> String)?
    /// For an option: how its value shows in usage lines ("FILE", "TIME").
    var valueName = ""
    /// What Tab offers instead of what `kind` allows, when that depends on more than the kind.
    var completion: Suggestions?

    var usage: String { isOptional ? "[\(name)]" : name }
}

/// The parsed arguments of one command line, in the order declared; absent optional ones are nil.
struct Arguments: Equatable {
    enum Value: Equatable {
        case text(String)
        case number(Int)
        case rows(ClosedRange<Int>)
        case duration(Duration)
    }

    let values: [Value?]
    /// The options given, by name (`--svg`).
    var options: [String: Value] = [:]

    func option(_ name: String) -> Value? { options[name] }

    func optionText(_ name: String) -> String? {
        guard case .text(let text)? = options[name] else { return nil }
        return text
    }

    func optionDuration(_ name: String) -> Duration? {
        guard case .duration(let duration)? = options[name] else { return nil }
        return duration
    }

    /// The argument at `index` as text (text, choice and word parameters; choices lower-cased).
    func text(_ index: Int) -> String? {
        guard case .text(let text)? = value(index) else { return nil }
        return text
    }

    func number(_ index: Int) -> Int? {
        guard case .number(let number)? = value(index) else { return nil }
        return number
    }

    func rows(_ index: Int) -> ClosedRange<Int>? {
        guard case .rows(let rows)? = value(index) else { return nil }
        return rows
    }

    func duration(_ index: Int) -> Duration? {
        guard case .duration(let duration)? = value(index) else { return nil }
        return duration
    }

    private func value(_ index: Int) -> Value? {
        values.indices.contains(index) ? values[index] : nil
    }
}
