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
        guard Identifier.isValid(token.text) else {
            throw PlaygroundError(at: token.column, expected: what, found: token.text)
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

    /// A duration such as 300ms, 2s or 1.5s, from 1 ms to an hour.
    mutating func duration(after word: String) throws(PlaygroundError) -> Duration {
        let what = "a duration from 1ms to 1h such as 300ms or 1.5s after \(word)"
        let token = try self.word(what)
        guard let duration = Self.duration(token.text) else {
            throw PlaygroundError(at: token.column, expected: what, found: token.text)
        }
        return duration
    }

    static func duration(_ text: String) -> Duration? {
        let units: [(String, Int64)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        guard let (suffix, scale) = units.first(where: { text.hasSuffix($0.0) }) else { return nil }
        let number = text.dropLast(suffix.count)
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 7 }),
            number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let whole = Int64(parts[0])
        else { return nil }
        var milliseconds = whole * scale
        if parts.count == 2, let fraction = Int64(parts[1]) {
            var divisor: Int64 = 1
            for _ in parts[1] { divisor *= 10 }
            milliseconds += fraction * scale / divisor
        }
        guard (1...3_600_000).contains(milliseconds) else { return nil }
        return .milliseconds(milliseconds)
    }
}
