import TestSupport
import Testing

@testable import Shell

/// `JSONLinesFormat.quoted`, which every JSON line and every served message goes through, against
/// the plain reading of JSON's rules (scalar by scalar) over drawn texts of every kind of character.
@MainActor
struct JSONQuotingTests {
    /// Quotes, backslashes, newline and tab as short escapes, other control characters and DEL as
    /// `\u00XX`, everything else as it is.
    static func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test func everyDrawnTextIsQuotedAsJSONsRulesSay() {
        let pieces: [String] = [
            "a", "Z", "0", " ", "\"", "\\", "\n", "\t", "\r", "\u{0}", "\u{1B}", "\u{1F}", "\u{7F}", "é", "ü", "€", "→",
            "𝄞", "👩‍🏫", "\u{202E}", "[00:00.400]", "\"sunset\": 100 of 791 photos", "<svg>",
        ]
        var rng = SeededRandom(seed: 0x4A50_4E)
        for _ in 0..<2000 {
            let text = (0..<rng.next(below: 40)).map { _ in pieces[rng.next(below: pieces.count)] }.joined()
            #expect(JSONLinesFormat.quoted(text) == Self.reference(text), "\(text.debugDescription)")
        }
        #expect(JSONLinesFormat.quoted("") == "\"\"")
        #expect(JSONLinesFormat.quoted("a\u{1}b") == "\"a\\u0001b\"")
    }
}
