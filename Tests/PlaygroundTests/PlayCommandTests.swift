import Playground
import Reactive
import Testing

/// A RACCommand of one's own: `command [enabled-by E] runs SIGNAL|input [concurrent]`, executed
/// with `execute`, its lanes read as other names, each later event on the main scheduler.
@MainActor
struct PlayCommandTests {
    @Test func executingEnabledAndExecutionSignalsAcrossOneRun() {
        let play = PlaygroundHarness()
        _ = play.take([
            "let work = marbles \"-a-b|\"", "let c = command runs work",
            "let runs = c.executionSignals | switchToLatest",
            "subscribe c.executing as ex", "subscribe c.enabled as en", "subscribe runs",
        ])
        #expect(play.take(["signals"]).first { $0.contains("c  ") } == "0:   c     command runs work: command, enabled")
        // Executing and enabled change at once, but are heard on main once the clock moves.
        #expect(play.take(["execute c"]) == ["0: c: executed"])
        #expect(play.take(["wait 0"]) == ["0: en: false", "0: ex: true"])
        #expect(play.take(["wait 400"]) == ["100: runs: a", "300: runs: b", "400: ex: false", "400: en: true"])
        #expect(play.lane("ex") == ["0 subscribed", "0 next(\"false\")", "0 next(\"true\")", "400 next(\"false\")"])
    }

    @Test func executingWhileExecutingOrDisabledIsRAC2sRefusal() {
        let play = PlaygroundHarness()
        _ = play.take(["let work = marbles \"-a|\"", "let ok = subject", "let c = command enabled-by ok runs work"])
        #expect(play.take(["execute c"]) == ["0: c: executed"])
        #expect(
            play.take(["execute c"]) == [
                "0: error: c: The command is disabled and cannot be executed (RAC 2's RACCommandErrorNotEnabled)"
            ])
        _ = play.take(["wait 200", "send ok false"])
        #expect(
            play.take(["execute c"]) == [
                "200: error: c: The command is disabled and cannot be executed (RAC 2's RACCommandErrorNotEnabled)"
            ])
        #expect(play.take(["send ok true", "execute c"]) == ["200: c: executed"])
    }

    @Test func aConcurrentCommandRunsAgainWhileExecuting() {
        let play = PlaygroundHarness()
        _ = play.take([
            "let work = marbles \"--x|\"", "let c = command runs work concurrent",
            "let both = c.executionSignals | flattenMap", "subscribe both", "subscribe c.executing as ex",
        ])
        #expect(
            play.take(["execute c", "wait 100", "execute c"]) == ["0: c: executed", "0: ex: true", "100: c: executed"])
        #expect(play.take(["wait 400"]) == ["200: both: x", "300: both: x", "400: ex: false"])
    }

    @Test func errorsCarryARunsErrorWhichExecutionSignalsNever() {
        let play = PlaygroundHarness()
        _ = play.take([
            "let work = marbles \"-a#\"", "let c = command runs work", "let runs = c.executionSignals | flattenMap",
            "subscribe runs", "subscribe c.errors as errs", "execute c",
        ])
        #expect(play.take(["wait 300"]) == ["100: runs: a", "200: errs: error"])
        #expect(play.lane("runs") == ["0 subscribed", "100 next(\"a\")"])
    }

    @Test func runsInputSendsTheExecutedValue() {
        let play = PlaygroundHarness()
        _ = play.take(["let c = command runs input", "let runs = c.executionSignals | flattenMap", "subscribe runs"])
        #expect(play.take(["execute c 7", "wait 0"]) == ["0: c: executed with 7", "0: runs: 7"])
        #expect(play.take(["execute c"]) == ["0: error: c runs its input: execute c VALUE"])
    }

    @Test func wrongUsesAreOneLine() {
        let play = PlaygroundHarness()
        _ = play.take(["let work = marbles \"-a|\"", "let c = command runs work"])
        #expect(
            play.take([
                "subscribe c", "let x = c | map upper", "let y = command runs work | take 1", "execute work",
                "let z = command runs", "let s = subject", "send s signal c",
            ]) == [
                "0: error: c is a command, not a signal: subscribe one of its lanes (c.executing, c.enabled, "
                    + "c.errors, c.executionSignals)",
                "0: error: column 9: c is a command, not a signal: read one of its lanes (c.executing, c.enabled, "
                    + "c.errors, c.executionSignals)",
                "0: error: column 27: a command takes no operators; its lanes do (let e = y.executing | …)",
                "0: error: work is not a command (let c = command runs SIGNAL)",
                "0: error: column 21: expected a signal's name after runs, found the end of the line",
                "0: s: subject (hot), 0 subscribed",
                "0: error: c is a command, not a signal: send one of its lanes (c.executing …)",
            ])
        let unknown = play.take(["let e = c.nonsense"])
        #expect(unknown.count == 1 && unknown[0].hasPrefix("0: error: column 9: expected a source (marbles"))
        #expect(unknown.first?.hasSuffix("found 'c.nonsense'") == true)
    }
}
