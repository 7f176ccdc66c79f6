import Testing

@testable import TerminalViews

/// What `Style` puts in for the terminal, and what every other reader gets: the same text
/// without it.
struct StyleTests {
    @Test func unstyledTakesOutEveryAttributeStylePutsIn() {
        let style = Style(isEnabled: true)
        let line =
            style.cyan("push SearchResultsViewModel") + " " + style.bold("» hi") + style.dim(" d")
            + style.red(" r")
        #expect(line.contains("\u{1B}["))
        #expect(Style.unstyled(line) == "push SearchResultsViewModel » hi d r")
    }

    @Test func plainTextIsLeftAsItIs() {
        for text in ["", "plain", "« quoted » and ü", "a [36m that is no escape", "1,189 favorites\n"] {
            #expect(Style.unstyled(text) == text)
        }
        #expect(Style.unstyled(Style.plain.bold("x")) == "x")
    }

    @Test func anEscapeThatIsNoSequenceIsDroppedAlone() {
        // A two-character escape (ESC and one more) goes whole.
        #expect(Style.unstyled("a\u{1B}b") == "a")
        #expect(Style.unstyled("\u{1B}[1;31mred\u{1B}[0m!") == "red!")
    }
}
