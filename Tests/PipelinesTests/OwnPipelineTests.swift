import Shell
import ShellTestSupport
import TerminalViews
import TestSupport
import Testing
import ViewModels

/// `pipeline NAME = …` and `set pipeline NAME`: a learner's metadata pipeline on the app's rows.
@MainActor
struct OwnPipelineTests {
    static let scroll =
        "search sunset\nwait 500ms\nscroll down\nwait 200ms\nscroll up\nwait 3s\nmarbles 1 --inputs\nstats"
    static let tutorials = "isVisible | filter true | delay 1s | takeUntil hidden | flattenMap metadata"

    /// One session of its own.
    struct Session: FakeShellSuite {
        let fake: FakeShell

        init(rewinds: Bool = false) {
            fake = FakeShell(rewinds: rewinds)
            fake.service.photoCount = 100
        }
    }

    /// What a run prints from its search on, the lanes of `marbles 1` a built-in pipeline has,
    /// and the service calls started.
    private func run(_ setup: String) -> (lines: [String], lanes: [String], calls: [String]) {
        let session = Session()
        session.run(setup + "\n" + Self.scroll)
        let lines = session.output.text.split(separator: "\n").map(String.init)
        let after = Array(lines.drop { !$0.hasPrefix("> search sunset") })
        let lanes = after.filter { $0.contains("delay(1s) ") || $0.contains("takeUntil(hidden) ") }
        return (after, lanes.map { $0.split(separator: " ").joined(separator: " ") }, session.service.started)
    }

    @Test func theTutorialsPipelineWrittenByHandRunsAsTheBuiltInOriginalDoes() {
        let builtIn = run("set pipeline original")
        let own = run("pipeline mine = \(Self.tutorials)\nset pipeline mine")
        // The same updates (none for row 1: the first hide ended it), the same service calls.
        #expect(builtIn.lines.filter { $0.contains("favorites,") } == own.lines.filter { $0.contains("favorites,") })
        #expect(builtIn.calls == own.calls)
        #expect(own.lanes.count == 2)
        #expect(own.lanes == builtIn.lanes, "the same lanes, however wide the names column")
        #expect(own.lanes.last?.hasSuffix("takeUntil(hidden) -|") == true, "\(own.lanes)")
    }

    @Test func aThrottledPipelineFetchesOnlyForTheRowsThatStayed() {
        let own = run(
            "pipeline once = isVisible | throttle 1s | filter true | take 1 | flattenMap metadata\nset pipeline once")
        let updates = own.lines.filter { $0.contains("favorites,") }
        #expect(updates.count == 10, "rows 1-10 stayed a second: \(updates)")
        #expect(!updates.contains { $0.contains("row 11 ") }, "rows 11-20 were shown for 200 ms only")
        #expect(own.calls.count == 1 + 10 * 2, "the search, then two calls for each of rows 1-10: \(own.calls)")
        // The show each of rows 1-20 lost to a hide within the throttle's second: saved, as the
        // built-in fixed pipeline counts its cancelled waits on the same scroll.
        let saved = "[00:03.700] metadata calls saved by the visibility delay: 40"
        #expect(own.lines.contains(saved))
        #expect(run("set pipeline fixed").lines.contains(saved))
    }

    @Test func savedCallsCountTheShowsATimeStepHeldAndLetGo() {
        // The tutorial's, by hand: a delay its takeUntil disposed with a show waiting, as the built-in counts.
        let tutorials = run("pipeline mine = \(Self.tutorials)\nset pipeline mine").lines
        let builtIn = run("set pipeline original").lines
        let savedLine = { (lines: [String]) in lines.first { $0.contains("saved by the visibility delay") } }
        #expect(savedLine(tutorials) == "[00:03.700] metadata calls saved by the visibility delay: 40")
        #expect(savedLine(tutorials) == savedLine(builtIn))
        // No takeUntil: every show waits its second out and fetches; nothing is saved.
        let eager = run("pipeline eager = isVisible | filter true | delay 1s | flattenMap metadata\nset pipeline eager")
        #expect(savedLine(eager.lines) == "[00:03.700] metadata calls saved by the visibility delay: 0")
        #expect(eager.calls.count == 1 + 30 * 2, "rows 1-10 twice, rows 11-20 once: \(eager.calls)")
    }

    @Test func aPipelineThatDoesNotCheckIsRefusedInOneLineThatSaysWhere() {
        let (text, status) = Session().script(
            """
            pipeline bad = isVisible | delay 1s
            pipeline bad = isVisible | takeUntil nothere | flattenMap metadata
            pipeline bad = marbles "-a|"
            pipeline bad = isVisible | takeUntil 1s
            set pipeline bad
            pipeline
            """)
        #expect(status == 1)
        let errors = text.split(separator: "\n").filter { $0.hasPrefix("ERR ") }.map(String.init)
        let known = "(comments, favorites, hidden, isVisible, metadata)"
        #expect(errors.count == 5, "\(errors)")
        #expect(
            errors[0]
                == "ERR vmsh: -c:1: bad ends in true/false; a row's pipeline ends in metadata: … | flattenMap metadata")
        #expect(errors[1] == "ERR vmsh: -c:2: column 28: 'nothere' is no input here \(known)")
        #expect(errors[2] == "ERR vmsh: -c:3: column 10: a pipeline starts from one of its inputs \(known)")
        #expect(errors[3].hasPrefix("ERR vmsh: -c:4: column 38: "), "a value where a signal is wanted: \(errors[3])")
        #expect(errors[4] == "ERR vmsh: -c:5: set pipeline takes original, fixed or naive")
        #expect(
            text.hasSuffix(
                "> pipeline\n[00:00.000] no pipelines of your own yet: pipeline NAME = isVisible | … | flattenMap metadata\n"
            ))
    }

    @Test func vmshsFixedPipelineIsTheTutorialsStartedAfreshAtEveryChange() {
        let again = run(
            "pipeline tutorial = \(Self.tutorials)\npipeline again = isVisible | switchToLatest tutorial | take 1\n"
                + "set pipeline again")
        let fixed = run("set pipeline fixed")
        let updates = { (lines: [String]) in lines.filter { $0.contains("favorites,") || $0.contains("saved by") } }
        #expect(updates(again.lines) == updates(fixed.lines))
        #expect(updates(again.lines).contains { $0.contains("row 1 \"") }, "row 1, shown again, gets its counts")
        #expect(again.calls == fixed.calls)
        // Each change subscribed the tutorial's afresh: row 1's fourth wait is the one that fetched.
        #expect(again.lines.contains { $0.contains("delay(1s)#4 ") }, "\(again.lines)")
    }

    @Test func aPipelineReadsOnlyThoseDefinedBeforeItAndNeverItself() {
        let (text, status) = Session().script(
            """
            pipeline a = \(Self.tutorials)
            pipeline b = isVisible | switchToLatest a | take 1
            pipeline a = isVisible | flattenMap b
            pipeline c = isVisible | switchToLatest c
            pipeline fixed = \(Self.tutorials)
            pipeline hidden = \(Self.tutorials)
            pipeline long = isVisible | \(Array(repeating: "take 1", count: 95).joined(separator: " | ")) | flattenMap a
            pipeline longer = isVisible | \(Array(repeating: "take 1", count: 96).joined(separator: " | ")) | flattenMap a
            pipeline
            """)
        #expect(status == 1)
        let errors = text.split(separator: "\n").filter { $0.hasPrefix("ERR ") }.map(String.init)
        #expect(
            errors == [
                "ERR vmsh: -c:3: a cycle: a reads b, which reads a; a pipeline cannot read itself",
                "ERR vmsh: -c:4: column 26: 'c' is no input here "
                    + "(a, b, comments, favorites, hidden, isVisible, metadata)",
                "ERR vmsh: -c:5: fixed is a row's input or a built-in pipeline: give yours another name",
                "ERR vmsh: -c:6: hidden is a row's input or a built-in pipeline: give yours another name",
                "ERR vmsh: -c:8: longer would run 101 operators and 2 calls a row once each pipeline it reads is "
                    + "counted where it reads it (each read starts afresh); the most is 100 operators",
            ], "\(errors)")
        // The first a stands, and what was refused left nothing behind.
        #expect(text.contains("[00:00.000] a = \(Self.tutorials)\n[00:00.000] b = "))
        #expect(!text.contains("] c = ") && !text.contains("] longer = "))
    }

    @Test func aPipelineReadTwiceIsCountedTwiceBeforeAnythingRuns() {
        // Each level reads the one before twice, so its operators and calls double: p6 is 95
        // operators, p7 would be 191, refused though only 7 pipelines of 3 steps at most are named.
        let levels = (2...7).map { "pipeline p\($0) = p\($0 - 1) | merge p\($0 - 1)" }
        let (text, status) = Session().script(
            (["pipeline p1 = isVisible | take 1 | flattenMap metadata"] + levels + [
                // A longer p1 would make p6, which reads it, too long: refused too, p1 kept.
                "pipeline p1 = isVisible | take 1 | skip 0 | flattenMap metadata",
                "pipeline p1 = isVisible | flattenMap metadata", "set pipeline p6", "search sunset",
            ]).joined(separator: "\n"))
        #expect(status == 1)
        let errors = text.split(separator: "\n").filter { $0.hasPrefix("ERR ") }.map(String.init)
        #expect(
            errors == [
                "ERR vmsh: -c:7: p7 would run 191 operators and 128 calls a row once each pipeline it reads is "
                    + "counted where it reads it (each read starts afresh); the most is 100 operators",
                "ERR vmsh: -c:8: p1 would make p6, which reads it, 127 operators and 64 calls a row once each "
                    + "pipeline it reads is counted where it reads it; the most is 100 operators",
            ], "\(errors)")
        // A shorter p1 is taken, and p6 then runs on the rows, 63 operators each.
        #expect(text.contains("pipeline p1: reads isVisible, metadata (replaces the previous p1)"))
        #expect(text.contains("] pipeline p6: applies to the rows of the next search"))
        #expect(text.contains("] row 1 \"Photo 1\": 40 favorites, 7 comments"))
    }

    @Test func setPipelineOffersTheOnesDefinedAndGotoReplaysThem() {
        let session = Session(rewinds: true)
        session.run("pipeline mine = \(Self.tutorials)")
        let completer = Completer(shell: session.shell)
        #expect(completer.complete("set pipeline ").candidates == ["fixed", "original", "naive", "mine"])
        #expect(completer.complete("code ").candidates == ["mine", "fixed", "length", "naive", "original"])
        session.run("set pipeline mine\nsearch sunset\nwait 2s\ngoto 2\nset")
        #expect(
            session.output.text.hasSuffix(
                "[00:00.000] pipeline mine\n[00:00.000] validation length\n[00:00.000] format text\n"))
    }
}

/// `validation NAME = searchText | …` and `set validation NAME`: the search screen's check of one's own.
@MainActor
struct OwnValidationTests: FakeShellSuite {
    let fake = FakeShell()

    @Test func itDrivesIsSearchValidAndSoWhetherTheSearchRuns() {
        run(
            """
            validation long = searchText | map length | map >6
            set validation long
            text sunset
            search sunset
            text sunsets
            set validation length
            text sun
            """)
        let changes = output.text.split(separator: "\n").filter {
            $0.contains("isSearchValid =") || $0.hasPrefix("ERR")
        }
        #expect(
            changes == [
                "[00:00.000] isSearchValid = false",
                "ERR vmsh: -c:4: search is disabled: \"sunset\" has 6 characters; a search needs more than 3",
                "[00:00.000] isSearchValid = true", "[00:00.000] isSearchValid = false",
            ], "\(output.text)")
        #expect(fake.shell.navigator.search?.validationName == "length")
    }

    @Test func oneThatEndsInAnythingButTrueOrFalseIsRefused() {
        let (text, status) = script("validation bad = searchText | map length\nset validation bad")
        #expect(status == 1)
        #expect(text.contains("ERR vmsh: -c:1: bad ends in numbers; a validation ends in true/false: … | map >2\n"))
        #expect(text.contains("ERR vmsh: -c:2: set validation takes length or a validation of your own"))
    }
}

/// `code NAME`: what a learner defined, written as code.
@MainActor
struct CodeCommandTests: FakeShellSuite {
    let fake = FakeShell()

    @Test func aPipelineAValidationAPlaygroundSignalAndTheAppsOwnAreWritten() {
        let (text, status) = script(
            """
            pipeline mine = isVisible | filter true | delay 1s | takeUntil hidden | flattenMap metadata
            code mine --combine
            validation long = searchText | map length | map >6
            code long --reactiveswift
            let a = interval 300ms | take 3
            code a
            code fixed
            code nope
            """)
        #expect(status == 1)
        #expect(
            text.contains(
                """
                > code mine --combine
                [00:00.000] // mine, as vmsh's playground defines it, in Combine
                [00:00.000] let mine = isVisible
                [00:00.000]     .filter { $0 }
                [00:00.000]     .delay(for: .seconds(1), scheduler: DispatchQueue.main)
                [00:00.000]     .prefix(untilOutputFrom: hidden)
                [00:00.000]     .flatMap { _ in metadata }

                """))
        #expect(text.contains("[00:00.000]     .map { $0 > 6 }\n"))
        #expect(
            text.contains(
                "[00:00.000] RACSignal *a = [[[RACSignal interval:0.3 onScheduler:[RACScheduler mainThreadScheduler]] "
                    + "scanWithStart:@(-1) reduce:^id(id count, id date) { return @([count integerValue] + 1); }]\n"
                    + "[00:00.000]     take:3];\n"))
        // vmsh's fixed: the tutorial's original first, then the one that reads it.
        #expect(
            text.contains(
                """
                > code fixed
                [00:00.000] // original, as vmsh's playground defines it, in ReactiveCocoa 2 (Objective-C)
                [00:00.000] RACSignal *original = [[[[isVisible
                [00:00.000]     filter:^BOOL(id value) { return [value boolValue]; }]
                [00:00.000]     delay:1.0]
                [00:00.000]     takeUntil:hidden]
                [00:00.000]     flattenMap:^RACSignal *(id value) { return metadata; }];
                [00:00.000] // fixed, as vmsh's playground defines it, in ReactiveCocoa 2 (Objective-C)
                [00:00.000] RACSignal *fixed = [[[isVisible
                [00:00.000]     map:^id(id value) { return original; }] switchToLatest]
                [00:00.000]     take:1];

                """))
        #expect(text.contains("ERR vmsh: -c:8: no pipeline or signal named 'nope' to write\n"))
    }
}
