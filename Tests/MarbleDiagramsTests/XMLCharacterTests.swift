import MarbleNotation
import TerminalText
import Testing

@testable import MarbleDiagrams

/// Text from a server may carry characters XML does not allow at all (U+FFFE, U+FFFF); one of
/// them makes a browser refuse the whole SVG ("Invalid character"). None reaches a drawing or a page.
struct XMLCharacterTests {
    static let hostile = "bad\u{FFFF}reply\u{FFFE}<x>\u{01}"

    /// Every scalar is one XML 1.0 allows.
    func isWellFormedText(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: true
            case 0x00...0x1F, 0xFFFE, 0xFFFF: false
            default: true
            }
        }
    }

    func diagram() throws -> MarbleDiagram {
        MarbleDiagram(lanes: [
            try MarbleNotation.lane("search \(Self.hostile)", "-x-|", values: ["x": Self.hostile])
        ])
    }

    @Test func anSVGHasOnlyXMLCharacters() throws {
        let svg = MarbleSVG.svg(try diagram(), title: "row 1 \(Self.hostile)")
        #expect(isWellFormedText(svg))
        #expect(svg.contains("bad\u{FFFD}reply\u{FFFD}&lt;x&gt;\u{FFFD}"))
    }

    @Test func aPageHasOnlyXMLCharacters() throws {
        let page = MarblePage.html(
            title: "lesson \(Self.hostile)",
            lines: [MarblePage.Line(.command, "> search moon"), MarblePage.Line(.error, "vmsh: \(Self.hostile)")],
            figures: [MarblePage.Figure(caption: Self.hostile, diagram: try diagram())])
        #expect(isWellFormedText(page))
        #expect(page.contains("vmsh: bad\u{FFFD}reply\u{FFFD}&lt;x&gt;\u{FFFD}"))
    }

    @Test func everyOtherCharacterIsKept() {
        let kept = "tab\there é 🐦 \u{FFFD} \u{E000} \u{10FFFF}"
        #expect(kept.xmlEscaped == kept)
    }
}
