import Testing
@testable import Shell

@MainActor
struct ParsingTests {
    @Test func durations() {
        #expect(Parse.duration("2s") == .seconds(2))
        #expect(Parse.duration("1.5s") == .milliseconds(1500))
        #expect(Parse.duration("400ms") == .milliseconds(400))
        #expect(Parse.duration("2m") == .seconds(120))
        for bad in ["", "s", "2", "-1s", "1e3s", "nans", "1..2s", "2h", "99999999m"] {
            #expect(Parse.duration(bad) == nil, "\(bad) is refused")
        }
    }

    @Test func rowRanges() {
        #expect(Parse.rowRange("3-7") == 3...7)
        #expect(Parse.rowRange("5") == 5...5)
        for bad in ["", "7-3", "a-b", "1-", "-2", "1-2-3", "１-２", "99999999999"] {
            #expect(Parse.rowRange(bad) == nil, "\(bad) is refused")
        }
    }

    @Test func lineDecoding() throws {
        #expect(try LineDecoder.decode(Array("search café\r".utf8)).get() == "search café")
        #expect(throws: CommandFailure.self) { try LineDecoder.decode([0x73, 0xFF, 0xFE]).get() }
        #expect(throws: CommandFailure.self) { try LineDecoder.decode([0x73, 0x00, 0x73]).get() }
        #expect(throws: CommandFailure.self) { try LineDecoder.decode(Array("a\u{1B}[2Jb".utf8)).get() }
    }

    @Test func traceFilters() {
        #expect(Shell.stream("row 3 · favorites", matches: "row 3"))
        #expect(!Shell.stream("row 30 · favorites", matches: "row 3"))
        #expect(Shell.stream("row 1 · delay(1s)", matches: "row 1 · delay"))
        #expect(Shell.stream("row 12 · favorites", matches: "fav"))
        #expect(Shell.stream("search · executing", matches: "search"))
        #expect(!Shell.stream("search · executing", matches: "row"))
    }

    @Test func suggestions() {
        #expect(Shell.suggestion(for: "serch") == "search")
        #expect(Shell.suggestion(for: "stak") == "stack")
        #expect(Shell.suggestion(for: "SEARCH") == "search")
        #expect(Shell.suggestion(for: "xyzzy") == nil)
    }
}
