/// Reads `let NAME = SOURCE | STEP …` into a `Definition`, or says in one line what was
/// expected and where. It never builds anything, so a refused line costs nothing.
enum DefinitionParser {
    static let sources =
        "a source (marbles \"--a-|\", interval 300ms, subject, replay-subject [N], behavior-subject V, "
        + "sequence 1 2 3, "
        + "empty, never, error TEXT, create \"--a|\", command [enabled-by NAME] runs NAME|input [concurrent], a defined name, "
        + "search NAME, row N NAME)"
    static let operators = PlaygroundGuide.operators.map(\.name).joined(separator: ", ")
    /// The most values `sequence` and `replay-subject` hold, so a definition stays small.
    static let countLimit = 1000

    /// Parses the text after `let`, which starts at `column` of the line; a source beginning with
    /// one of `appOwners` names one of the app's streams.
    static func parse(_ text: String, column: Int = 5, appOwners: Set<String> = ["search", "row"])
        throws(PlaygroundError) -> Definition
    {
        let tokens = try Tokenizer.tokens(text, startColumn: column)
        var reader = TokenReader(tokens: tokens, endColumn: column + text.count)
        let name = try reader.name()
        try reader.expect("=", "'=' after the name (let NAME = SOURCE)")
        let source = try parseSource(&reader, appOwners: appOwners)
        if case .command = source, let next = reader.peek {
            throw PlaygroundError(
                "column \(next.column): a command takes no operators; its lanes do (let e = \(name).executing | …)")
        }
        var steps: [(step: any PlayOperator, column: Int)] = []
        while !reader.isAtEnd {
            try reader.expect("|", "'|' before the next operator")
            let word = try reader.word("an operator after '|' (\(operators))")
            steps.append((try parseStep(word, &reader), word.column))
        }
        return Definition(name: name, source: source, steps: steps)
    }

    private static func parseSource(_ reader: inout TokenReader, appOwners: Set<String>) throws(PlaygroundError)
        -> Definition.Source
    {
        let word = try reader.word(sources)
        switch word.text {
        case "marbles":
            let marble = try reader.quoted("a quoted marble string after marbles, such as \"--a--b|\"")
            return .marbles(try MarbleString.parse(marble.text, column: marble.column))
        case "create":
            let marble = try reader.quoted("a quoted marble string after create, such as \"--a--b|\"")
            return .create(try MarbleString.parse(marble.text, column: marble.column))
        case "interval": return .interval(try reader.duration(after: "interval"))
        case "subject": return .subject
        case "replay-subject":
            guard let next = reader.peek, !next.isPipe else { return .replaySubject(nil) }
            return .replaySubject(try reader.count(after: "replay-subject", from: 1))
        case "behavior-subject":
            return .behaviorSubject(try reader.value("a value after behavior-subject (behavior-subject 0)"))
        case "command": return try parseCommand(&reader)
        case "empty": return .empty
        case "never": return .never
        case "error":
            let text = try reader.word("a text after error (error timeout)")
            return .error(text.text)
        case "sequence":
            var values: [PlayValue] = []
            while let token = reader.peek, !token.isPipe {
                guard values.count < countLimit else {
                    throw PlaygroundError("column \(token.column): a sequence holds at most \(countLimit) values")
                }
                values.append(.parse(reader.next().text))
            }
            guard !values.isEmpty else {
                throw PlaygroundError(at: reader.column, expected: "values after sequence (sequence 1 2 3)", found: nil)
            }
            return .sequence(values)
        case _ where appOwners.contains(word.text):
            // OWNER NAME, or row N NAME: at most three words.
            var words = [word.text]
            while let token = reader.peek, !token.isPipe, words.count < 3 { words.append(reader.next().text) }
            return .app(words, column: word.column)
        default:
            guard Identifier.isReference(word.text) else {
                throw PlaygroundError(at: word.column, expected: sources, found: word.text)
            }
            // A defined name stands alone; words after it mean a source was meant (`timer 1s`).
            if let next = reader.peek, !next.isPipe {
                let names = PlaygroundGuide.sources.map(\.name).joined(separator: ", ")
                throw PlaygroundError(
                    "column \(word.column): no source named '\(PlayValue.safe(word.text, limit: 40))': "
                        + "the sources are \(names), a defined name, or an app stream (search NAME, row N NAME)")
            }
            return .name(word.text, column: word.column)
        }
    }

    /// `command [enabled-by NAME] runs NAME|input [concurrent]`.
    private static func parseCommand(_ reader: inout TokenReader) throws(PlaygroundError) -> Definition.Source {
        var enabled: String?
        if reader.peek?.text == "enabled-by" {
            _ = reader.next()
            enabled = try reader.signalName(after: "enabled-by")
        }
        try reader.expect("runs", "runs SIGNAL after command (command [enabled-by E] runs SIGNAL [concurrent])")
        let runs = reader.peek?.text == "input" ? nil : try reader.signalName(after: "runs")
        if runs == nil { _ = reader.next() }
        var concurrent = false
        if reader.peek?.text == "concurrent" {
            _ = reader.next()
            concurrent = true
        }
        return .command(enabledBy: enabled, runs: runs, concurrent: concurrent)
    }

    /// The operator `word` names, read by its own declaration.
    private static func parseStep(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError)
        -> any PlayOperator
    {
        guard let type = Operators.named[word.text] else {
            // A near miss is named; anything else is answered with every operator.
            if let meant = Spelling.nearest(word.text, in: Operators.help.map(\.name)) {
                throw PlaygroundError(
                    "column \(word.column): no operator '\(PlayValue.safe(word.text, limit: 40))' "
                        + "(did you mean '\(meant)'?); help operators lists them")
            }
            throw PlaygroundError(at: word.column, expected: "an operator (\(operators))", found: word.text)
        }
        return try type.parse(word, &reader)
    }
}

/// What a NAME may be: a letter, then letters, digits, `_` or `-`, at most 24 characters.
enum Identifier {
    static let reserved: Set<String> = [
        "marbles", "interval", "subject", "replay-subject", "sequence", "search", "row", "all", "empty", "never",
        "error", "behavior-subject", "command", "input", "create",
    ]

    static func isValid(_ text: String) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter, text.count <= 24 else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }

    /// A name an operator or subscribe may read: a defined name, or a command's lane (c.executing).
    static func isReference(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return parts.count == 1
            ? isValid(text) : parts.count == 2 && isValid(parts[0]) && PlayCommand.lanes.contains(parts[1])
    }
}
