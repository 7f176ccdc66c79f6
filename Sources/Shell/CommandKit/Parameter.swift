/// One declared argument of a command.
package struct Parameter {
    package enum Kind {
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
    package enum Suggestions {
        case none
        case commandNames
        case recentSearchTexts
        /// The words that may follow the argument before this one (`set pipeline …`).
        case after([String: [String]])
        /// Read from the session when Tab is pressed, given the word before this one: the lanes of
        /// a row or name (`why 3 …`). Looking must change nothing.
        case reading(@MainActor (_ previous: String, CommandContext) -> [String])
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

    package init(
        name: String, kind: Kind, isOptional: Bool = false, invalid: ((String) -> String)? = nil,
        valueName: String = "", completion: Suggestions? = nil
    ) {
        (self.name, self.kind, self.isOptional, self.invalid) = (name, kind, isOptional, invalid)
        (self.valueName, self.completion) = (valueName, completion)
    }

    var usage: String { isOptional ? "[\(name)]" : name }
}
