import Testing

@testable import LineEditing

/// Tab's listing: columns that fit the width, read down each column, broken only between candidates.
struct CompletionListingTests {
    @Test func aHundredRowNumbersFitEightyColumnsDownEachColumn() {
        let lines = CompletionListing.lines((1...100).map(String.init), width: 80)
        #expect(lines.count == 7, "fifteen columns of seven; sixteen of five columns would pass 80")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines[0].hasPrefix("1    8    15   22"))
        #expect(lines[1].hasSuffix("93   100"))
        let read = lines.flatMap { $0.split(separator: " ").map { Int($0)! } }
        #expect(read.sorted() == Array(1...100), "each number once, none cut in two")
    }

    @Test func fewCandidatesStayOnOneLine() {
        #expect(
            CompletionListing.lines(["search", "scroll", "stack", "show"], width: 80) == [
                "search  scroll  stack   show"
            ])
    }

    @Test func columnsAreAsWideAsTheWidestAndALongCandidateHasItsOwnLine() {
        #expect(CompletionListing.lines(["abcd", "ab", "cd"], width: 10) == ["abcd  cd", "ab"])
        let long = String(repeating: "x", count: 30)
        #expect(CompletionListing.lines([long, "a"], width: 20) == [long, "a"])
        #expect(CompletionListing.lines([], width: 80).isEmpty)
    }
}
