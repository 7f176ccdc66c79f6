import ArgumentParser
import Testing

@testable import vmsh

/// `QuickFlags` reads the usual command lines instead of ArgumentParser: both must agree.
struct QuickFlagsTests {
    /// Lines QuickFlags reads; between them they use every flag `VMSH` declares.
    static let lines: [[String]] = [
        [],
        ["lesson.vmsh"],
        ["a.vmsh", "b.vmsh", ""],
        ["-c", "search dogs", "lesson.vmsh", "-c", "wait 2s", "-c", "-1"],
        ["-c", "--help"],
        ["-i", "start.vmsh", "--virtual-clock", "--echo", "--step", "--bail", "--no-color", "--no-rc"],
        ["--lesson", "--format", "jsonl"],
        ["--format=text", "--check"],
        ["--catalog", ":memory:", "--latency", "0", "--seed", "42", "--catalog-size", "1000"],
        ["--catalog=big.sqlite", "--latency=250", "--seed=18446744073709551615", "--catalog-size=1000000"],
        ["--latency", "+7", "--drain-timeout", "500ms"],
        ["--drain-timeout=1m", "--history-file", "", "--state", "state.sqlite"],
        ["--history-file=h", "--state=s.sqlite", "--virtual-clock"],
        ["--service", "flickr", "--flickr-endpoint", "http://127.0.0.1:8080/rest", "--flickr-timeout", "2s"],
        ["--service=flickr", "--record", "tape.json"],
        ["--service", "flickr", "--replay=tape.json", "--flickr-timeout=300s", "--virtual-clock"],
        ["--catalog=-odd", "-c", "stack"],
    ]

    @Test(arguments: lines) func readsTheLineAsArgumentParserDoes(line: [String]) throws {
        let quick = try #require(QuickFlags.parse(line), "QuickFlags reads \(line)")
        let parsed = try #require(try VMSH.parseAsRoot(line) as? VMSH)
        #expect(quick == parsed.options)
        #expect(try quick.checked() == parsed.options.checked())
    }

    /// A flag added to `VMSH` and not to QuickFlags would send every line that uses it through
    /// the slow parse: this names it.
    @Test func everyDeclaredFlagIsRead() {
        let help = VMSH.helpMessage(columns: 1000)
        let declared = Set(help.split(whereSeparator: { !"-abcdefghijklmnopqrstuvwxyz".contains($0) }))
            .filter { $0.hasPrefix("--") && $0.count > 2 }
            .map(String.init)
        let used = Set(Self.lines.joined().map { String($0.prefix { $0 != "=" }) })
        #expect(declared.count > 20, "the help lists the flags: \(help)")
        for flag in declared where !["--help", "--version"].contains(flag) {
            #expect(used.contains(flag), "\(flag) is in a line QuickFlags is tested on")
        }
        #expect(used.contains("-c") && used.contains("-i"))
    }

    /// Help, version, completion and every mistake are ArgumentParser's, so it says what is wrong.
    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["--generate-completion-script", "bash"], ["--bogus"], ["-x"],
        ["--catalog"], ["--catalog", "-x"], ["-i", "-x"], ["-i"], ["-c"], ["-i=a.vmsh"], ["-c=stack"],
        ["--echo=yes"], ["--seed", "x"], ["--seed", "-1"], ["--latency", "1.5"], ["--format", "xml"],
        ["--service", "Flickr"], ["--catalog", "a", "--catalog", "b"], ["--echo", "--echo"], ["--"], ["-"],
        ["--", "a.vmsh"], ["lesson.vmsh", "--catalog-size"],
    ])
    func leavesTheRestToArgumentParser(line: [String]) {
        #expect(QuickFlags.parse(line) == nil)
    }

    /// Flags that read but do not go together: the check, shared by both readings, says why.
    @Test func checksFlagsTogether() throws {
        let lesson = try #require(QuickFlags.parse(["--lesson"])).checked()
        #expect(lesson.virtualClock && lesson.noRC)
        let refusals: [([String], String)] = [
            (["--lesson", "--state", "s"], "--lesson keeps no state: drop --state"),
            (["--latency", "-5"], "--latency takes milliseconds from 0 to 60000"),
            (["--catalog-size", "0"], "--catalog-size takes a number of photos from 1 to 10000000"),
            (["--catalog", ""], "--catalog takes a file path or :memory:, not an empty one"),
            (["--drain-timeout", "soon"], "--drain-timeout takes a duration such as 500ms, 10s or 1m"),
            (["--record", "t.json"], "--record and --replay need --service flickr"),
        ]
        for (line, message) in refusals {
            let options = try #require(QuickFlags.parse(line))
            #expect(throws: Options.Invalid(message)) { try options.checked() }
            #expect(throws: (any Error).self) { try VMSH.parseAsRoot(line) }
        }
    }
}
