import StandardShell
import Testing

@testable import Instruments
@testable import Shell

@MainActor
struct ParsingTests {
    @Test func durations() {
        #expect(Parse.duration("2s") == .seconds(2))
        #expect(Parse.duration("1.5s") == .milliseconds(1500))
        #expect(Parse.duration("400ms") == .milliseconds(400))
        #expect(Parse.duration("2m") == .seconds(120))
        #expect(Parse.duration("2h") == .seconds(7200))
        for bad in ["", "s", "2", "-1s", "1e3s", "nans", "1..2s", "25h", "99999999m"] {
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
        #expect(TraceText.stream("row 3 · favorites", matches: "row 3"))
        #expect(!TraceText.stream("row 30 · favorites", matches: "row 3"))
        #expect(TraceText.stream("row 1 · delay(1s)", matches: "row 1 · delay"))
        #expect(TraceText.stream("row 12 · favorites", matches: "fav"))
        #expect(TraceText.stream("search · executing", matches: "search"))
        #expect(!TraceText.stream("search · executing", matches: "row"))
    }

    @Test func suggestions() {
        #expect(CommandTable.standard.suggestion(for: "serch") == "search")
        #expect(CommandTable.standard.suggestion(for: "stak") == "stack")
        #expect(CommandTable.standard.suggestion(for: "SEARCH") == "search")
        #expect(CommandTable.standard.suggestion(for: "xyzzy") == nil)
    }

    @Test func declaredArgumentsAreParsedAndCheckedByTheTable() throws {
        let table = CommandTable.standard
        func parse(_ name: String, _ argument: String) -> Result<Arguments, CommandFailure>? {
            table.command(named: name)?.parse(argument)
        }
        #expect(try parse("fetch", "3 2 SHARED")?.get().values == [.number(3), .number(2), .text("shared")])
        #expect(try parse("fetch", "3 2")?.get().values == [.number(3), .number(2), nil])
        #expect(try parse("search", "  golden   gate ")?.get().values == [.text("golden   gate")])
        #expect(try parse("visible", "2-9")?.get().values == [.rows(2...9)])
        #expect(try parse("wait", "IDLE")?.get().values == [.text("idle")])
        #expect(try parse("wait", "1.5s")?.get().values == [.duration(.milliseconds(1500))])
        let failures: [(String, String, String)] = [
            ("back", "now", "back takes no arguments"),
            ("go", "x", "go takes no arguments; to search for a text: search TEXT"),
            ("fetch", "3 11", "fetch needs a row and a count from 1 to 10: fetch 1 2 [cold|shared]"),
            ("fetch", "3 2 warm", "fetch takes cold or shared, not 'warm'"),
            ("open", "1 2", "open takes one row number: open N (for example: open 1)"),
            ("open", "one", "open needs a row number: open N (for example: open 1)"),
            ("set", "colour red", "no setting 'colour': the settings are: pipeline, validation, format"),
            ("search", "", "search needs a text: search TEXT (for example: search sunset)"),
        ]
        for (name, argument, message) in failures {
            #expect(parse(name, argument) == .failure(CommandFailure(message)), "\(name) \(argument)")
        }
    }

    @Test func usageLinesAndAliasesComeFromTheDeclarations() {
        let table = CommandTable.standard
        #expect(table.command(named: "fetch")?.usage == "fetch ROW COUNT [cold|shared] [--after DURATION]")
        #expect(table.command(named: "help")?.usage == "help [COMMAND] [SELECTOR]")
        #expect(table.command(named: "exit")?.name == "quit")
        #expect(Set(table.commands.map(\.name)).count == table.commands.count, "names are unique")
    }
}
