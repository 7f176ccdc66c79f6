import PhotoModel
import Testing

@testable import TerminalViews

/// Dates print in UTC whatever the machine's zone, and data text never reaches the terminal raw.
struct PhotoDetailsTextTests {
    @Test(arguments: [
        (0, "1970-01-01 00:00:00 UTC"),
        (-1, "1969-12-31 23:59:59 UTC"),
        (951_782_400, "2000-02-29 00:00:00 UTC"),
        (1_400_000_000, "2014-05-13 16:53:20 UTC"),
        (1_735_689_599, "2024-12-31 23:59:59 UTC"),
        (4_107_542_400, "2100-03-01 00:00:00 UTC"),
    ])
    func unixSecondsReadAsUTC(seconds: Int, text: String) {
        #expect(PhotoDetailsText.utc(seconds) == text)
    }

    @Test func descriptionsAreOneQuotedSanitisedLineCutToTheLimit() {
        #expect(PhotoDetailsText.describe("two\nlines\tand  spaces") == "\"two lines and spaces\"")
        #expect(PhotoDetailsText.describe("bell \u{07} and \u{1B}[2J") == "\"bell \u{FFFD} and \u{FFFD}[2J\"")
        #expect(PhotoDetailsText.describe(" \n ") == "none")
        let long = PhotoDetailsText.describe(String(repeating: "a", count: 500))
        #expect(long == "\"" + String(repeating: "a", count: PhotoDetailsText.descriptionLimit) + "…\"")
    }

    @Test func everyFieldHasALineAndOptionalOnesAreLeftOut() {
        let details = PhotoDetails(
            id: "1", title: "T", owner: "9@N01", ownerName: "Ann\u{1B}]0;x", taken: 0, posted: 86_400,
            description: "", tags: [], views: 1234)
        #expect(
            PhotoDetailsText.lines(details) == [
                "  owner        Ann\u{FFFD}]0;x (9@N01)",
                "  taken        1970-01-01 00:00:00 UTC",
                "  posted       1970-01-02 00:00:00 UTC",
                "  description  none",
                "  tags         none",
                "  views        1,234",
            ])
    }
}
