import Foundation
import Reactive
import Shell
import ShellTestSupport
import StandardShell
import TerminalViews
import TestSupport
import Testing
import ViewModels

/// A presenter at the keys, scripted: each command `--step` offers is noted, and answered with
/// the next choice (Enter after the last one).
@MainActor
final class ScriptedKeys: StepPacing {
    private var choices: [StepChoice]
    private(set) var offered: [String] = []
    private(set) var refusals: [String] = []

    init(_ choices: [StepChoice]) { self.choices = choices }

    func awaitGo(_ command: String) -> StepChoice {
        offered.append(command)
        return choices.isEmpty ? .run : choices.removeFirst()
    }

    func refuse(_ reason: String) { refusals.append(reason) }
}

/// `--step`: expectations and narration run without stopping, comments are narration, each
/// command is shown once, `b` steps back through `goto` and `q` leaves the script.
@MainActor
struct StepPacingTests {
    let scheduler = VirtualScheduler()
    let output = MemoryOutput()
    let shell: Shell

    init() {
        shell = Shell(
            service: FakeSearchService(scheduler: scheduler), clock: .virtual(scheduler), output: output,
            makeService: { FakeSearchService(scheduler: $0 as? VirtualScheduler ?? VirtualScheduler()) })
    }

    private func step(_ lines: String, _ keys: ScriptedKeys, echo: Bool = false) -> ScriptRunner.Stop {
        paced(lines, keys, echo: echo).stop
    }

    /// Runs `lines` under `keys` to the end of input; the runner (its failures) and how it stopped.
    private func paced(_ lines: String, _ keys: ScriptedKeys, echo: Bool = false) -> (
        runner: ScriptRunner, stop: ScriptRunner.Stop
    ) {
        let runner = ScriptRunner(shell: shell, echo: echo, bail: false)
        runner.pacer = keys
        return (runner, runner.run(.commands(lines.split(separator: "\n").map(String.init))))
    }

    @Test func expectationsNarrationAndCommentsRunWithoutStoppingAndEachCommandShowsOnce() {
        let keys = ScriptedKeys([])
        let stop = step(
            "# Lesson: the tour\n#\ntext sunset\nexpect searchText\nexpect-not beach\nsay now wait\nwait 1s\nstack",
            keys)
        #expect(stop == .endOfInput)
        #expect(keys.offered == ["text sunset", "stack"], "a wait is shown, but lets its time pass at once")
        #expect(
            output.text == """
                [00:00.000] » Lesson: the tour
                > text sunset
                [00:00.000] searchText = "sunset"
                [00:00.000] isSearchValid = true
                [00:00.000] » now wait
                > wait 1s
                > stack
                [00:01.000]   1  SearchViewModel "Flickr Search" (active)

                """)
    }

    @Test func withEchoTheCommentsAreEchoedAndTheExpectationsShownButNoCommandTwice() {
        let keys = ScriptedKeys([])
        _ = step("# the tour\ntext sunset\nexpect searchText", keys, echo: true)
        #expect(
            output.text == """
                # the tour
                > text sunset
                [00:00.000] searchText = "sunset"
                [00:00.000] isSearchValid = true
                > expect searchText

                """)
    }

    @Test func backStepsBackThroughGotoAndOfferTheStepAgain() {
        let keys = ScriptedKeys([.run, .run, .run, .back, .back, .run])
        let stop = step("text abcd\ntext sunset\nstack\ntext beach", keys)
        #expect(stop == .endOfInput)
        #expect(
            keys.offered == [
                "text abcd", "text sunset", "stack", "text beach", "stack", "text sunset", "stack",
                "text beach",
            ])
        let after = output.text.components(separatedBy: "« back before: stack\n").last ?? ""
        // Back over `stack` changed nothing; back over `text sunset` rebuilt the state before it.
        #expect(after.hasPrefix("[00:00.000] « back before: text sunset\n> text sunset\n"))
        #expect(shell.navigator.search?.searchText.value == "beach")
        #expect(shell.log.entries.map(\.line) == ["text abcd", "text sunset", "stack", "text beach"])
    }

    @Test func backAtTheFirstStepIsRefusedAndTheStepOfferedAgain() {
        let keys = ScriptedKeys([.back])
        _ = step("text abcd", keys)
        #expect(keys.refusals == ["this is the first step: there is none to go back to"])
        #expect(keys.offered == ["text abcd", "text abcd"])
    }

    @Test func backUndoesTheFailuresOfTheStepsItUndoes() {
        let keys = ScriptedKeys([.run, .back, .run])
        let runner = ScriptRunner(shell: shell, echo: false, bail: false)
        runner.pacer = keys
        _ = runner.run(.commands(["nope", "text abcd"]))
        #expect(keys.offered == ["nope", "text abcd", "nope", "text abcd"])
        #expect(runner.failures == 1)
    }

    @Test func qLeavesTheScript() {
        let keys = ScriptedKeys([.run, .leave])
        #expect(step("text abcd\ntext sunset", keys) == .steppedOut)
        #expect(shell.navigator.search?.searchText.value == "abcd")
    }

    @Test func aCommentsNarrationIsNotPartOfTheOutputBeforeIt() {
        let (runner, _) = paced("text sunset\n# no beach here\nexpect-not beach\nexpect searchText", ScriptedKeys([]))
        #expect(runner.failures == 0, "\(output.text)")
        #expect(output.text.contains("[00:00.000] » no beach here\n"))
    }

    @Test func underExpectAllANarrationNeedsNoExpectation() {
        let (runner, _) = paced(
            "expect-all on\ntext sunset\n# the binding\nexpect /isSearchValid|searchText/\nstack", ScriptedKeys([]))
        #expect(!output.text.contains("not expected"), "\(output.text)")
        #expect(runner.failures == 0)
    }

    @Test func backUnderExpectAllLeavesNoLinesOfTheStepItUndid() {
        let keys = ScriptedKeys([.run, .run, .back, .run, .run])
        let (runner, _) = paced("expect-all on\ntext sunset\nexpect /isSearchValid|searchText/\nstack", keys)
        #expect(keys.offered == ["expect-all on", "text sunset", "stack", "text sunset", "stack"])
        #expect(output.text.contains("« back before: text sunset"))
        #expect(!output.text.contains("not expected"), "\(output.text)")
        #expect(runner.failures == 0)
    }

    @Test func backOverExpectAllOnTurnsItOff() {
        let keys = ScriptedKeys([.run, .back, .leave])
        #expect(step("expect-all on\ntext sunset", keys) == .steppedOut)
        #expect(keys.offered == ["expect-all on", "text sunset", "expect-all on"])
        #expect(shell.context.session.expectations.expectsAll == false)
    }

    @Test func qCountsTheLinesExpectAllWantedExpectedAndEndsNow() {
        let (runner, stop) = paced("expect-all on\ntext sunset\ngo\nstack", ScriptedKeys([.run, .run, .run, .leave]))
        #expect(stop == .steppedOut)
        #expect(shell.clock.pendingCount > 0, "the search is under way")
        #expect(runner.leave() == 1)
        // text sunset's two lines, settled as go began, and go's own, which q settled.
        #expect(runner.failures == 3)
        #expect(output.text.hasSuffix("ERR vmsh: -c:3: not expected: executing = true\n"), "\(output.text)")
        #expect(shell.clock.pendingCount == 0, "its work was cancelled, not waited for")
        #expect(!output.text.contains("end of input"))
    }

    @Test func theEndOfInputCountsTheLinesNoRunnerSettled() {
        let (runner, _) = paced("expect-all on\ntext sunset\nstack", ScriptedKeys([.run, .run, .leave]))
        #expect(runner.finish() == 1)
        #expect(runner.failures == 2)
    }
}

extension StepPacingTests {
    /// A prediction waits for its key without its answer, so the class thinks first; once it
    /// runs, it is shown whole.
    @Test func aPredictionShowsWithoutItsAnswerUntilItsKey() {
        let keys = ScriptedKeys([])
        let stop = step(
            "let d = marbles \"-a|\"\nsubscribe d as x\nwait 1s\npredict d x \"-a|\"\npredict d x -a|", keys, echo: true
        )
        #expect(stop == .endOfInput)
        #expect(
            keys.offered == [
                "let d = marbles \"-a|\"", "subscribe d as x", "predict d x \"…\"", "predict d x …",
            ])
        #expect(output.text.contains("> predict d x \"-a|\"\n"), "shown whole once it runs")
        #expect(output.text.contains("right: x of d did \"-a|\""))
    }
}
