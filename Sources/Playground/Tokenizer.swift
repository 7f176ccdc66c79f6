/// One word of a playground line, with the column where it starts (from 1).
struct Token: Equatable {
    let text: String
    let column: Int
    /// Written in double quotes (a marble string); a quoted `|` is not a pipe.
    var isQuoted = false

    var isPipe: Bool { !isQuoted && text == "|" }
}

/// Splits a line into words: spaces separate them, `|` stands alone outside quotes,
/// and "…" is one word without its quotes.
enum Tokenizer {
    /// The longest line the playground reads; a longer one is refused before any work.
    static let lineLimit = 1000

    static func tokens(_ line: String, startColumn: Int = 1) throws(PlaygroundError) -> [Token] {
        guard line.count <= lineLimit else {
            throw PlaygroundError("the line is \(line.count) characters; the limit is \(lineLimit)")
        }
        var tokens: [Token] = []
        var current = ""
        var start = 0
        var column = startColumn - 1
        var quoteStart: Int?
        func flush() {
            if !current.isEmpty { tokens.append(Token(text: current, column: start)) }
            current = ""
        }
        for character in line {
            column += 1
            if let opened = quoteStart {
                if character == "\"" {
                    tokens.append(Token(text: current, column: opened, isQuoted: true))
                    current = ""
                    quoteStart = nil
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                flush()
                quoteStart = column
            } else if character.isWhitespace {
                flush()
            } else if character == "|" {
                flush()
                tokens.append(Token(text: String(character), column: column))
            } else {
                if current.isEmpty { start = column }
                current.append(character)
            }
        }
        if let opened = quoteStart {
            throw PlaygroundError("column \(opened): expected a closing \" for the quoted text")
        }
        flush()
        return tokens
    }
}
