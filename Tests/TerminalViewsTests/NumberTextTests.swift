import Testing

@testable import TerminalViews

/// Counts as the Views print them: fixed separators, whatever the locale.
struct NumberTextTests {
    @Test func thousandsAreGroupedByCommas() {
        let cases: [(Int, String)] = [
            (0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (52_998, "52,998"), (100_000, "100,000"),
            (1_234_567, "1,234,567"), (-1234, "-1,234"), (-999, "-999"),
            (Int.max, "9,223,372,036,854,775,807"), (Int.min, "-9,223,372,036,854,775,808"),
        ]
        for (number, text) in cases { #expect(number.grouped == text, "\(number)") }
    }

    @Test func nounsTakeTheirPlural() {
        #expect(1.counted("favorite") == "1 favorite")
        #expect(0.counted("comment") == "0 comments")
        #expect(52_998.counted("favorite") == "52,998 favorites")
        #expect(2.counted("search") == "2 searches")
        #expect(3.counted("class") == "3 classes")
    }
}
