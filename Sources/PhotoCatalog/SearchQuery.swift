import Foundation

/// Turns what a user typed into a safe FTS5 query: every word becomes a quoted string, and
/// the strings are ANDed.
///
/// FTS5 has its own syntax (quotes, parentheses, `*`, `-`, `NEAR`, `AND`, column filters);
/// raw user text would raise syntax errors or mean something else. Inside double quotes only
/// `"` is special, and tokens here never contain one.
public struct SearchQuery: Sendable, Equatable {
    /// The words found, in order, duplicates removed.
    public let tokens: [String]

    /// More words than this are ignored: they only slow the query down.
    public static let maximumTokens = 32

    public init(_ text: String) {
        // Composed form, so "e" + combining accent matches "é" in the index.
        let composed = text.precomposedStringWithCanonicalMapping
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        var hasWordCharacter = false
        func finish() {
            if hasWordCharacter, !tokens.contains(String(current)), tokens.count < Self.maximumTokens {
                tokens.append(String(current))
            }
            current = String.UnicodeScalarView()
            hasWordCharacter = false
        }
        for scalar in composed.unicodeScalars {
            switch Self.kind(of: scalar) {
            case .word:
                current.append(scalar)
                hasWordCharacter = true
            case .mark:
                if !current.isEmpty { current.append(scalar) }
            case .separator:
                finish()
            }
        }
        finish()
        self.tokens = tokens
    }

    /// True when the text had no word at all: such a search matches nothing.
    public var isEmpty: Bool { tokens.isEmpty }

    /// The words as typed, as an FTS5 MATCH expression (`"sunset" AND "beach"`); nil when there
    /// are no tokens. A search also matches other forms of each word: `IndexTerms`.
    public var matchExpression: String? {
        isEmpty ? nil : tokens.map { "\"\($0)\"" }.joined(separator: " AND ")
    }

    /// The single word as the index stores it, when the text is one word of ASCII letters and
    /// digits (the index lowercases them and changes nothing else); nil otherwise.
    public var asciiTerm: String? {
        guard tokens.count == 1, let token = tokens.first else { return nil }
        return Self.asciiTerm(token)
    }

    /// `token` as the index stores it, when it is ASCII letters and digits; nil otherwise.
    static func asciiTerm(_ token: String) -> String? {
        guard token.utf8.allSatisfy({ (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) })
        else { return nil }
        return String(decoding: token.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    private enum Kind { case word, mark, separator }

    /// SQLite's unicode61 tokenizer keeps letters, numbers and private-use characters
    /// (categories L*, N*, Co) and splits on everything else; marks stay with their letter.
    private static func kind(of scalar: Unicode.Scalar) -> Kind {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            return .word
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return .mark
        default:
            return .separator
        }
    }
}
