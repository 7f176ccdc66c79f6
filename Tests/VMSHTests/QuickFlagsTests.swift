import ArgumentParser
import Testing

@testable import vmsh

/// `QuickFlags` reads the usual command lines instead of ArgumentParser: both read `FlagTable`,
/// and must agree.
struct QuickFlagsTests {
    /// Usual lines, several flags together.
    static let lines: [[String]] = [
        [],
        ["lesson.vmsh"],
        ["a.vmsh", "b.vmsh", ""],
        ["-c", "search dogs", "lesson.vmsh", "-c", "wait 2s", "-c", "-1"],
        ["-c", "--help"],
        ["-i", "start.vmsh", "--virtual-clock", "--echo", "--step", "--bail", "--no-color", "--no-rc"],
        ["--lesson", "--format", "jsonl"],
        ["--catalog=big.sqlite", "--latency=250", "--seed=18446744073709551615", "--catalog-size=1000000"],
        ["--latency", "+7", "--drain-timeout", "500ms", "--history-file", "", "--state", "state.sqlite"],
        ["--service", "flickr", "--flickr-endpoint", "http://127.0.0.1:8080/rest", "--flickr-timeout", "2s"],
        ["--service", "flickr", "--replay=tape.json", "--flickr-timeout=300s", "--virtual-clock"],
        ["--catalog=-odd", "-c", "stack"],
    ]

    /// Values tried for every option: between them each option of the table takes one.
    static let values = [
        "0", "1", "42", "+7", "-1", "18446744073709551615", "x", "-x", "500ms", "a.vmsh", "",
        "http://127.0.0.1:8080/rest",
    ]

    @Test(arguments: lines) func readsTheLineAsArgumentParserDoes(line: [String]) throws {
        #expect(try agreed(line) != nil, "QuickFlags reads \(line)")
    }

    /// Every flag of the table, alone, given twice and with each value: whatever QuickFlags reads,
    /// ArgumentParser reads the same way.
    @Test(arguments: FlagTable.flags.map(\.name)) func readsEachFlagAsArgumentParserDoes(name: String) throws {
        let flag = try #require(FlagTable.flags.first { $0.name == name })
        switch flag.kind {
        case .arguments:
            #expect(try agreed(["a.vmsh", "b.vmsh"])?.scripts == ["a.vmsh", "b.vmsh"])
        case .flag:
            #expect(try agreed([name]) != Options())
            #expect(QuickFlags.parse([name, name]) == nil)
            #expect(QuickFlags.parse([name + "=yes"]) == nil)
        case .repeated:
            #expect(try agreed([name, "a", name, "-b"]) != nil)
        case .option:
            var read: [String] = []
            for value in flag.valueStrings() + Self.values {
                if try agreed([name, value]) != nil { read.append(value) }
                if name.hasPrefix("--") { _ = try agreed(["\(name)=\(value)"]) }
            }
            #expect(!read.isEmpty, "\(name) takes one of \(flag.valueStrings() + Self.values)")
            #expect(read.map { QuickFlags.parse([name, $0]) }.contains { $0 != Options() })
            if let value = read.first { #expect(QuickFlags.parse([name, value, name, value]) == nil) }
        }
    }

    /// Each `Options` field is set by one flag of the table, and each flag sets one field.
    @Test func eachFlagSetsItsOwnField() throws {
        let fields = Mirror(reflecting: Options()).children.compactMap(\.label)
        var setBy: [String: String] = [:]
        for flag in FlagTable.flags {
            let line: [String]
            switch flag.kind {
            case .arguments: line = ["a.vmsh"]
            case .flag: line = [flag.name]
            case .repeated: line = [flag.name, "x"]
            case .option:
                let value = try #require(
                    (flag.valueStrings() + Self.values).first {
                        QuickFlags.parse([flag.name, $0]) ?? Options() != Options()
                    })
                line = [flag.name, value]
            }
            let options = try #require(QuickFlags.parse(line))
            let changed = zip(Mirror(reflecting: Options()).children, Mirror(reflecting: options).children)
                .filter { "\($0.value)" != "\($1.value)" }
                .compactMap(\.0.label)
            #expect(changed.count == 1, "\(flag.name) sets \(changed)")
            for field in changed {
                #expect(setBy.updateValue(flag.name, forKey: field) == nil, "\(field) is set by two flags")
            }
        }
        #expect(Set(setBy.keys) == Set(fields), "every field has its flag")
    }

    /// ArgumentParser's help is made from the table: each flag, with its help text.
    @Test func theHelpListsEveryFlag() {
        let help = VMSH.helpMessage(columns: 1000)
        for flag in FlagTable.flags {
            if flag.kind != .arguments { #expect(help.contains(flag.name + " "), "\(flag.name) in \(help)") }
            #expect(help.contains(flag.help), "\(flag.help) in \(help)")
        }
    }

    /// Help, version, completion and every mistake are ArgumentParser's, so it says what is wrong.
    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["--generate-completion-script", "bash"], ["--bogus"], ["-x"],
        ["--catalog"], ["--catalog", "-x"], ["-i", "-x"], ["-i"], ["-c"], ["-i=a.vmsh"], ["-c=stack"],
        ["--echo=yes"], ["--seed", "x"], ["--seed", "-1"], ["--latency", "1.5"], ["--format", "xml"],
        ["--service", "Flickr"], ["--catalog", "a", "--catalog", "b"], ["--echo", "--echo"], ["--"], ["-"],
        ["--", "a.vmsh"], ["lesson.vmsh", "--catalog-size"], ["--history-file="],
    ])
    func leavesTheRestToArgumentParser(line: [String]) {
        #expect(QuickFlags.parse(line) == nil)
    }

    /// A value its flag's check refuses, or flags that do not go together: ArgumentParser says
    /// why, from the same checks; QuickFlags leaves the first kind to it and refuses the second.
    @Test func checksValuesAndFlagsTogether() throws {
        let lesson = try #require(QuickFlags.parse(["--lesson"])).checkedTogether()
        #expect(lesson.virtualClock && lesson.noRC)
        #expect(lesson.summary == "--lesson", "a saved lesson's header names the flag the user typed")
        let replay = try #require(QuickFlags.parse(["--replay", "tape.json", "--virtual-clock"])).checked()
        #expect(replay.service == .flickr, "a cassette says which service it replays")
        let values: [([String], String)] = [
            (["--latency", "-5"], "--latency takes milliseconds from 0 to 60000"),
            (["--catalog-size", "0"], "--catalog-size takes a number of photos from 1 to 10000000"),
            (["--catalog", ""], "--catalog takes a file path or :memory:, not an empty one"),
            (
                ["--drain-timeout", "soon"],
                "--drain-timeout takes a duration such as 500ms, 2s, 1.5m or 1h, at most 24h"
            ),
            (["--flickr-timeout", "0s"], "--flickr-timeout takes a duration from 1ms to 5m, such as 10s"),
        ]
        let together: [([String], String)] = [
            (["--lesson", "--state", "s"], "--lesson keeps no state: drop --state"),
            (["--flickr-endpoint", "http://x"], "--flickr-endpoint needs --service flickr"),
            (["--record", "t.json"], "--record needs --service flickr (it records what Flickr answers)"),
        ]
        for (line, message) in values + together {
            let error = #expect(throws: (any Error).self, "ArgumentParser refuses \(line)") {
                try VMSH.parseAsRoot(line)
            }
            #expect(error.map { VMSH.message(for: $0) } == message)
        }
        for (line, _) in values { #expect(QuickFlags.parse(line) == nil, "\(line)") }
        for (line, message) in together {
            let options = try #require(QuickFlags.parse(line))
            #expect(throws: Options.Invalid(message)) { try options.checkedTogether() }
            #expect(throws: Options.Invalid(message)) { try options.checked() }
        }
    }

    /// What QuickFlags reads from `line`, after checking ArgumentParser reads it alike: the same
    /// options, or the same refusal from their shared check. Nil when QuickFlags leaves it.
    private func agreed(_ line: [String]) throws -> Options? {
        guard let quick = QuickFlags.parse(line) else { return nil }
        do {
            let checked = try quick.checked()
            #expect(try quick.checkedTogether() == checked, "QuickFlags checked each value of \(line)")
            let parsed = try #require(try VMSH.parseAsRoot(line) as? VMSH, "ArgumentParser reads \(line)")
            #expect(parsed.options == quick, "\(line)")
            #expect(try parsed.options.checked() == checked, "\(line)")
        } catch let invalid as Options.Invalid {
            let error = #expect(throws: (any Error).self, "ArgumentParser refuses \(line)") {
                try VMSH.parseAsRoot(line)
            }
            #expect(error.map { VMSH.message(for: $0) } == invalid.message)
        }
        return quick
    }
}
