import MarbleNotation

/// Reads tokens one at a time, each expectation failing with one line: what, where, what instead.
struct TokenReader {
    let tokens: [Token]
    /// The column just past the line, for "found the end of the line".
    let endColumn: Int
    private var index = 0

    init(tokens: [Token], endColumn: Int) {
        self.tokens = tokens
        self.endColumn = endColumn
    }

    var isAtEnd: Bool { index >= tokens.count }
    var peek: Token? { isAtEnd ? nil : tokens[index] }
    /// Where the next token starts, or the end of the line.
    var column: Int { peek?.column ?? endColumn }

    mutating func next() -> Token {
        defer { index += 1 }
        return tokens[index]
    }

    /// The next unquoted word that is not a pipe.
    mutating func word(_ expected: String) throws(PlaygroundError) -> Token {
        guard let token = peek, !token.isPipe, !token.isQuoted else {
            throw PlaygroundError(at: column, expected: expected, found: peek.map(\.text))
        }
        return next()
    }

    /// A typed value; a quoted one is text as it stands (`""` is the empty text).
    mutating func value(_ expected: String) throws(PlaygroundError) -> PlayValue {
        if let token = peek, token.isQuoted { return .text(PlayValue.safe(next().text)) }
        return .parse(try word(expected).text)
    }

    mutating func quoted(_ expected: String) throws(PlaygroundError) -> Token {
        guard let token = peek, token.isQuoted else {
            throw PlaygroundError(at: column, expected: expected, found: peek.map(\.text))
        }
        return next()
    }

    mutating func expect(_ text: String, _ expected: String) throws(PlaygroundError) {
        guard let token = peek, token.text == text, !token.isQuoted else {
            throw PlaygroundError(at: column, expected: expected, found: peek.map(\.text))
        }
        index += 1
    }

    /// A name being defined: an identifier that is not a source's word.
    mutating func name() throws(PlaygroundError) -> String {
        let what = "a name (a letter, then letters, digits, _ or -; not a source's word)"
        let token = try word(what)
        guard Identifier.isValid(token.text), !Identifier.reserved.contains(token.text) else {
            throw PlaygroundError(at: token.column, expected: what, found: token.text)
        }
        return token.text
    }

    /// A defined name an operator refers to.
    mutating func name(after operatorName: String) throws(PlaygroundError) -> String {
        let what = "a signal's name after \(operatorName)"
        let token = try word(what)
        guard Identifier.isReference(token.text) else {
            throw PlaygroundError(at: token.column, expected: what, found: token.text)
        }
        return token.text
    }

    /// The name of a signal where RAC 2 takes a signal: a value there is refused in one line.
    mutating func signalName(after operatorName: String) throws(PlaygroundError) -> String {
        let token = try word("a signal's name after \(operatorName)")
        guard Identifier.isReference(token.text) else {
            throw PlaygroundError(
                "column \(token.column): \(operatorName) takes a signal, as RAC 2's does, not the value "
                    + "'\(PlayValue.safe(token.text, limit: 24))': define one (let v = sequence \(PlayValue.safe(token.text, limit: 24)) | signal) "
                    + "and name it")
        }
        return token.text
    }

    mutating func optionalName() throws(PlaygroundError) -> String? {
        guard let token = peek, !token.isPipe else { return nil }
        return try name(after: "the operator")
    }

    /// A whole number from `minimum` to the playground's count limit.
    mutating func count(after word: String, from minimum: Int) throws(PlaygroundError) -> Int {
        let limit = DefinitionParser.countLimit
        let what = "a whole number from \(minimum) to \(limit) after \(word)"
        let token = try self.word(what)
        guard token.text.allSatisfy(\.isASCII), token.text.count <= 5, let number = Int(token.text),
            (minimum...limit).contains(number)
        else { throw PlaygroundError(at: token.column, expected: what, found: token.text) }
        return number
    }

    /// A duration in the one grammar, at least 1 ms (a timer of zero would never let time pass).
    mutating func duration(after word: String) throws(PlaygroundError) -> Duration {
        let what = "\(DurationGrammar.expectation), after \(word)"
        let token = try self.word(what)
        guard let duration = DurationGrammar.duration(token.text) else {
            throw PlaygroundError(at: token.column, expected: what, found: token.text)
        }
        guard duration >= Self.shortestDuration else {
            throw PlaygroundError("column \(token.column): \(word) takes at least 1ms, not \(token.text)")
        }
        return duration
    }

    static let shortestDuration: Duration = .milliseconds(1)
}
