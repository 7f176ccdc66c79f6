import Lessons
import Shell
import ShellTestSupport
import TestSupport
import Testing

/// A wrong `predict` that is what a common misreading of an operator would send says which, in
/// one line under the lanes: the session replayed with the definition misread, on the
/// playground's own operators; an answer that is no misreading says only where it differs; and
/// the session goes on as if the replays had not been.
@MainActor
struct MisreadingTests: FakeShellSuite {
    let fake = FakeShell(rewinds: true)

    init() {
        fake.service.photoCount = 25
        fake.shell.context.session.terminal.width = 200
    }

    /// The last lines a wrong prediction printed, after the lanes and the caret.
    func said(_ lines: String) -> [String] {
        output.clear()
        run(lines)
        return output.text.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("ERR vmsh:   | this is what")
        }
    }

    @Test func throttleReadAsCombinesThrottleLatest() {
        run("let s = marbles \"1-2---3-4|\"\nlet out = s | throttle 300ms\nsubscribe out as a\nwait 2s")
        #expect(
            said("predict out a \"1--2--3--(4|)\"") == [
                "ERR vmsh:   | this is what Combine's throttle(latest: true) would send (throttleLeading 300ms): "
                    + "RAC 2's throttle: sends a value once no newer one comes for its interval"
            ])
        // Its own lane is named the misread step's way in the replay.
        #expect(said("predict out \"throttle 300ms\" \"1--2--3--(4|)\"").count == 1)
    }

    @Test func aDelayNotCancelledOnHide() {
        run("\(FakeShell.tutorialPipeline)\nset pipeline tutorial\n\(FakeShell.shownHiddenShown)")
        #expect(
            said("predict 1 delay(1s) \"----------t--t\"") == [
                "ERR vmsh:   | this is what delay without takeUntil hidden would send: only takeUntil cancels the delay"
            ])
    }

    @Test func takeUntilReadAsAFilter() {
        run(
            """
            let s = marbles "1-2-3-4|"
            let stop = marbles "---x"
            let out = s | takeUntil stop
            subscribe out as a
            wait 1s
            """)
        #expect(
            said("predict out a \"1-2-3-4|\"") == [
                "ERR vmsh:   | this is what it would send if takeUntil stop only filtered: takeUntil ends the signal"
            ])
    }

    @Test func switchToLatestReadAsMerge() {
        run(
            """
            let outer = marbles "a-b|"
            let inner = marbles "1--2|"
            let out = outer | switchToLatest inner
            subscribe out as a
            wait 1s
            """)
        #expect(
            said("predict out a \"1-12-2|\"") == [
                "ERR vmsh:   | this is what merging would send (flattenMap): switchToLatest drops the signal before "
                    + "when the next comes"
            ])
    }

    @Test func combineLatestReadAsZip() {
        run(
            """
            let a = marbles "1-2-3|"
            let b = marbles "-4----5--6|"
            let out = a | combineLatest b | reduceEach sum
            subscribe out as x
            wait 2s
            """)
        // Each nth value of a with b's nth, as zip pairs them: 1+4, 2+5, 3+6.
        #expect(
            said("predict out x \"-5----7--(9|)\"") == [
                "ERR vmsh:   | this is what zip would send (each pair of the nth values): combineLatest pairs each new "
                    + "value with the other's latest"
            ])
    }

    @Test func aColdSignalReadAsHot() {
        run(
            """
            let s = marbles "a-b-c|"
            let out = s | map upper
            subscribe out as a
            wait 200ms
            subscribe out as b
            wait 1s
            """)
        // b starts the source again ("A-B-C|"); read as hot, it would hear only what came after it.
        #expect(
            said("predict out b \"--C|\"") == [
                "ERR vmsh:   | this is what a hot signal would send (one subscription shared, as publish | "
                    + "autoconnect): a cold one starts again for each subscriber"
            ])
    }

    @Test func anAnswerThatIsNoMisreadingSaysOnlyWhereItDiffers() {
        run("let s = marbles \"1-2---3-4|\"\nlet out = s | throttle 300ms\nsubscribe out as a\nwait 2s")
        output.clear()
        run("predict out a \"1-2|\"")
        #expect(
            output.text == """
                > predict out a "1-2|"
                ERR vmsh: -c:1: not quite: a of out did otherwise:
                ERR vmsh:   | predicted 1-2|
                ERR vmsh:   | actual    -----2---(4|)
                ERR vmsh:   |           ^

                """)
    }

    /// The replays leave the session as it was: what comes after a wrong prediction, which the
    /// session was replayed for (once per misreading that applies), is what comes without it.
    @Test func theSessionGoesOnAsIfNoReplayHadBeen() {
        let setup = "let s = marbles \"1-2---3-4|\"\nlet out = s | throttle 300ms\nsubscribe out as a\nwait 300ms"
        run(setup)
        run("predict out a \"1|\"")
        output.clear()
        run("wait 2s")
        let plain = MisreadingTests()
        plain.run(setup)
        plain.output.clear()
        plain.run("wait 2s")
        #expect(output.text.contains("[00:00.500] a: 2"))
        #expect(output.text == plain.output.text, "the same events at the same times")
    }
}
