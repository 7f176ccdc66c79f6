import Reactive
import SessionWire
import ShellTestSupport
import TestSupport
import Testing

@testable import Lessons
@testable import Shell

/// `export cast`'s recording: what the terminal showed, timed by the clock with a beat at each
/// chapter, a chapter at each command and each narration, and nothing of a hidden expectation.
@MainActor
struct CastRecordingTests: FakeShellSuite {
    let fake = FakeShell(rewinds: true)

    init() { fake.service.photoCount = 1 }

    @Test func eachCommandAndNarrationIsAChapterAndTheTextIsWhatTheTerminalShowed() {
        let runner = ScriptRunner(shell: shell, echo: false, bail: false)
        _ = runner.run(
            .commands(["text sunset", "say Watch the reply", "go", "wait 1s", "expect --hidden /Photo \\d/"]))
        let events = shell.output.cast.events.map { ($0.time.wholeMilliseconds, $0.kind, $0.text) }
        // A second at each chapter, and the clock: the reply came 0.4 s into the wait, which lasted 1 s.
        #expect(
            events.map(\.0) == [1000, 1000, 2000, 2000, 3000, 3000, 4000, 4000, 4400, 6000, 6000])
        #expect(
            events.filter { $0.1 == .marker }.map(\.2) == [
                "text sunset", "Watch the reply", "go", "wait 1s", "expect --hidden …",
            ])
        let shown = events.filter { $0.1 == .output }.map(\.2).joined()
        #expect(
            shown.hasPrefix("> text sunset\n[00:00.000] searchText = \"sunset\"\n[00:00.000] isSearchValid = true\n"))
        #expect(shown.contains("[00:00.000] » Watch the reply\n> go\n"))
        #expect(shown.hasSuffix("> expect --hidden …\n"))
        #expect(!shown.contains("\\d"), "the hidden text is not in the recording")
        #expect(runner.failures == 0, "the hidden expectation held")
    }

    @Test func theFileIsAsciicastVersion2WithItsMarkFirst() {
        var cast = CastRecording()
        cast.output("before\n", at: .milliseconds(250))
        cast.marker("search \"x\"", at: .milliseconds(250))
        cast.output("after\u{1B}[1m\n", at: .milliseconds(1_250))
        let file = cast.file(width: 80, height: 24, title: "t")
        #expect(file.hasPrefix(CastRecording.mark))
        #expect(
            file
                == """
                {"env":{"TERM":"xterm-256color","VMSH":"export cast"},"height":24,"idle_time_limit":2,"title":"t","version":2,"width":80}
                [0,"o","before\\r\\n"]
                [1,"m","search \\"x\\""]
                [2,"o","after\\u001b[1m\\r\\n"]

                """)
    }

    @Test func timeNeverRunsBackwardsAfterGotoOrUndo() {
        let runner = ScriptRunner(shell: shell, echo: false, bail: false)
        _ = runner.run(.commands(["text sunset", "go", "wait 5s", "goto 1", "go", "wait 1s", "undo", "text beach"]))
        #expect(runner.failures == 0)
        let times = shell.output.cast.events.map(\.time)
        #expect(times == times.sorted(), "\(times)")
        // The goto's chapter comes a beat after the wait's end (8 s: three beats, then 5 s of clock).
        let goto = shell.output.cast.events.first { $0.kind == .marker && $0.text == "goto 1" }
        #expect(goto?.time == .seconds(9))
    }

    @Test func aRecordingPastItsLimitWithARewindKeepsItsOrder() {
        var cast = CastRecording()
        let line = String(repeating: "x", count: 1023) + "\n"
        for second in 1...1_200 { cast.output(line, at: .seconds(60 + second)) }
        // A rewind: the clock starts again near 0, after the oldest events were dropped.
        cast.marker("goto 1", at: .zero)
        cast.output("back\n", at: .milliseconds(400))
        let times = cast.events.map(\.time)
        #expect(times == times.sorted())
        let file = cast.file(width: 80, height: 24, title: "t")
        #expect(!file.contains("\n[-"), "no negative time")
        #expect(file.hasSuffix(",\"o\",\"back\\r\\n\"]\n"))
    }

    @Test func secondsAreMillisecondsAsAJSONNumberAndNeverNegative() {
        func line(_ ms: Int) -> String {
            WireJSON.line(CastRecording.Line(time: .milliseconds(ms), kind: .output, text: "x"))
        }
        #expect(line(12_345) == #"[12.345,"o","x"]"#)
        #expect(line(1_005) == #"[1.005,"o","x"]"#)
        #expect(line(70) == #"[0.07,"o","x"]"#)
        #expect(line(-250) == #"[0,"o","x"]"#)
    }
}
