import Foundation
import Shell
import ShellTestSupport
import Testing

/// `goto` rebuilds a session that used breakpoints exactly: a wait a breakpoint stopped stops
/// after the same timer action again, `step` and `continue` leave the clock where they did, and
/// what a breakpoint left to go on with (the stopped wait, the last event shown) is as it was.
@MainActor
struct RewindBreakpointTests: FakeShellSuite {
    let fake = FakeShell(rewindingWith: 12)

    /// Runs `line` as a script line and returns what it printed, without its echo.
    @discardableResult
    private func say(_ line: String) -> String {
        let before = output.text.count
        run(line)
        return String(output.text.dropFirst(before)).replacingOccurrences(of: "> \(line)\n", with: "")
    }

    /// What the instruments show now: a row's marbles, the breakpoints' hits, where events came from.
    private func looks() -> String {
        ["marbles 3", "breaks", "why 2 favorites", "why 3 favorites 2", "why 1 metadata"].map(say).joined()
    }

    @Test func gotoAfterAStoppedWaitAStepAndAContinueIsTheSessionAsItWas() {
        say("trace numbered row 3 · favorites")  // 1
        say("break when 2 favorites completed")  // 2
        say("break when 1 metadata next")  // 3
        say("search sunset")  // 4
        // Every row's favorites answer at 1.6 s, each its own timer action: the clock stops after row 2's.
        let waited = say("wait 3s")  // 5
        #expect(waited.contains("the clock stopped at 00:01.600"))
        let afterWait = looks()
        let stepped = say("step")  // 6: runs row 3's answer
        #expect(stepped.contains("trace 121 row 3 · favorites: next 40"))
        let afterStep = looks()
        let continued = say("continue")  // 7: to row 1's metadata at 1.7 s
        #expect(continued.contains("break 2 at 00:01.700: row 1 · metadata"))
        let afterContinue = looks()
        let steppedAgain = say("step")  // 8

        say("goto 5")
        #expect(looks() == afterWait, "stopped after row 2's answer, not after every action due at 1.6 s")
        #expect(say("step") == stepped, "the wait is still stopped, and step goes on from its event")
        #expect(looks() == afterStep)
        say("goto 6")
        #expect(looks() == afterStep)
        #expect(say("continue") == continued)
        say("goto 7")
        #expect(looks() == afterContinue)
        #expect(say("step") == steppedAgain, "the last event shown is the one the breakpoint showed")
        #expect(say("history").contains("8  step"))
    }

    /// A breakpoint's event paused the clock playing at the prompt, between two commands, after
    /// one of the actions due at its time: goto brings the next command back to that very place.
    @Test func gotoAfterABreakpointPausedThePlayingClockBetweenCommands() {
        shell.isAtPrompt = true
        say("break when 2 favorites completed")  // 1
        say("search sunset")  // 2
        say("clock speed 2")
        say("clock play")
        let giveUp = ContinuousClock.now + .seconds(10)
        while shell.clock.playback != nil, ContinuousClock.now < giveUp {
            shell.clock.sleep(until: nil)
            shell.tellPauseAtBreakpoint()
        }
        #expect(shell.clock.now == .milliseconds(1_600))
        say("set format text")  // 3: the clock stands after row 2's answer, row 3's still due
        let looked = looks()
        #expect(looked.contains("(hit 1 time)"))
        #expect(looked.contains("row 3 favorites has drawn nothing yet"), "row 3's answer is still due")
        let stepped = say("step")  // 4: goes on from the breakpoint's event, to row 3's answer
        #expect(stepped.contains("row 3 · favorites: next 40"), "\(stepped)")
        say("goto 3")
        #expect(looks() == looked)
        #expect(say("step") == stepped, "the breakpoint's event is still the last one shown")
    }

    /// A step in a stopped wait for idle goes on with it as a wait for idle: continue then ends
    /// when no work is left, not at the limit of a wait of that length.
    @Test func aStepInAStoppedWaitForIdleKeepsItAWaitForIdle() {
        let (transcript, status) = script(
            """
            break when 1 favorites completed
            search sunset
            wait idle
            step
            continue
            """)
        #expect(transcript.contains("the clock stopped at 00:01.600 in a wait for idle: step, continue, why 118"))
        #expect(transcript.contains("> step\n[00:01.600] step: 00:01.600 row 2 · favorites: next 40 (event 119);"))
        #expect(transcript.hasSuffix("[00:01.700] idle after waiting 00:00.100\n"), "not the wait's limit, a minute on")
        #expect(status == 0)
    }
}
