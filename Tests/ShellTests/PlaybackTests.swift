import EventLoop
import Reactive
import ShellTestSupport
import StandardShell
import TestSupport
import Testing

@testable import Shell

/// A playing virtual clock follows real time from its anchor, at its speed, in whole
/// milliseconds; the `clock` command refuses to play where time must stand still.
@MainActor
struct PlaybackTests: FakeShellSuite {
    let fake = FakeShell()

    @Test func virtualTimeFollowsRealTimeAtEachSpeed() {
        let anchor = (real: Duration.seconds(100), virtual: Duration.milliseconds(3_400))
        func virtual(_ speed: Playback.Speed, after real: Duration) -> Duration {
            Playback(speed: speed, real: anchor.real, virtual: anchor.virtual)
                .virtualTime(atReal: anchor.real + real)
        }
        #expect(virtual(.normal, after: .milliseconds(1_250)) == .milliseconds(4_650))
        #expect(virtual(.half, after: .milliseconds(1_250)) == .milliseconds(4_025))
        #expect(virtual(.double, after: .milliseconds(1_250)) == .milliseconds(5_900))
        // Whole milliseconds, so a saved lesson's waits bring each command back to its time.
        #expect(virtual(.normal, after: .microseconds(2_999)) == .milliseconds(3_402))
        // Real time before the anchor (a clock read late) never moves virtual time back.
        #expect(virtual(.double, after: .seconds(-1)) == .milliseconds(3_400))
    }

    @Test func theRealTimeToWaitIsScaledAndNeverShort() {
        let playback = Playback(speed: .double, real: .zero, virtual: .seconds(1))
        #expect(playback.realTime(until: .milliseconds(1_400), atReal: .zero) == .milliseconds(200))
        #expect(playback.realTime(until: .milliseconds(900), atReal: .zero) == .zero)
        let half = Playback(speed: .half, real: .zero, virtual: .zero)
        #expect(half.realTime(until: .milliseconds(300), atReal: .milliseconds(100)) == .milliseconds(500))
        // Waking at the computed time always finds the target reached.
        let slow = Playback(speed: .half, real: .zero, virtual: .zero)
        let wait = slow.realTime(until: .milliseconds(7), atReal: .zero)
        #expect(slow.virtualTime(atReal: wait) >= .milliseconds(7))
    }

    @Test func aScriptsClockNeverPlays() {
        let (transcript, status) = script("clock\nclock play\nclock speed 2\nclock speed 3\nclock pause")
        #expect(
            transcript == """
                > clock
                [00:00.000] clock paused at 00:00.000: time passes on wait, or with clock play (at 1x)
                > clock play
                ERR vmsh: -c:2: the clock plays only at the prompt: a script's time moves only on wait
                > clock speed 2
                [00:00.000] clock paused at 00:00.000: time passes on wait, or with clock play (at 2x)
                > clock speed 3
                ERR vmsh: -c:4: clock speed takes 0.5, 1 or 2, not 3
                > clock pause
                [00:00.000] clock paused at 00:00.000: time passes on wait, or with clock play (at 2x)

                """)
        #expect(status == 1)
    }

    @Test func theLiveClockAlwaysRuns() {
        let live = Shell(
            service: FakeSearchService(scheduler: VirtualScheduler()), clock: .live(.init()), output: output)
        _ = live.run(line: "clock play")
        #expect(live.prompt(unicode: true) == "vmsh› ")
        let outcome = live.run(line: "clock pause")
        #expect(
            outcome
                == .failed(
                    CommandFailure(
                        "the live clock always runs: clock play and pause work under the virtual clock "
                            + "(--virtual-clock or --lesson)")))
    }

    @Test func thePromptSaysWhenTimeStandsStillAndWhenItPlays() {
        run("wait 3400ms")
        #expect(shell.prompt(unicode: true) == "vmsh [paused 00:03.400]› ")
        shell.isAtPrompt = true
        run("clock speed 0.5\nclock play\ntext sunset")
        #expect(shell.prompt(unicode: false) == "vmsh [playing 0.5x]> ")
        run("clock pause")
        #expect(shell.prompt(unicode: true).hasPrefix("vmsh [paused 00:03."))
    }
}
