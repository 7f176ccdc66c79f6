import Playground
import Reactive
import Testing

/// The playground's budgets: a definition too deep is refused at `let`, a signal that would hold
/// too many subscriptions fails with one line, each at once, and the playground works after.
@MainActor
struct PlaygroundBudgetTests {
    static let tooDeep =
        "would be 101 operators deep, counting those of the names it uses; the most is 100"
    static let tooMany = "2000 subscriptions are live, the most the playground keeps; dispose some first"

    /// Runs `script`, returning what it said, and checks it took well under a second.
    func quickly(_ play: PlaygroundHarness, _ script: [String]) -> [String] {
        let start = ContinuousClock.now
        let lines = play.take(script)
        #expect(ContinuousClock.now - start < .milliseconds(800))
        return lines
    }

    /// What the playground says once the budget is passed: it still defines, subscribes and disposes.
    func stillWorks(_ play: PlaygroundHarness) {
        let said = play.take(["dispose all", "let fresh = marbles \"a|\" | map upper", "subscribe fresh", "wait 200"])
        #expect(
            said.suffix(4).map { $0.drop { $0 != " " }.dropFirst() } == [
                "fresh: signal", "subscribed fresh to fresh (lane play · fresh)", "fresh: A", "fresh: completed",
            ])
        #expect(play.playground.liveSubscriptionCount == 0)
    }

    @Test func aChainOfEightThousandMapsIsRefusedPastTheDepthLimit() {
        let play = PlaygroundHarness()
        let lines = quickly(
            play, ["let a = subject"] + Array(repeating: "let a = a | map upper", count: 8000) + ["subscribe a"])
        let refused = lines.filter { $0.hasSuffix(Self.tooDeep) }
        #expect(refused.count == 8000 - Playground.depthLimit)
        #expect(refused.first == "0: error: a \(Self.tooDeep)")
        #expect(lines.contains("0: subscribed a to a (lane play · a)"))
        stillWorks(play)
    }

    @Test func oneLongDefinitionIsRefusedAsWhole() {
        let play = PlaygroundHarness()
        let steps = Array(repeating: "take 1", count: 101).joined(separator: " | ")
        #expect(
            quickly(play, ["let s = subject", "let a = s | \(steps)"]) == [
                "0: s: subject (hot), 0 subscribed", "0: error: a \(Self.tooDeep)",
            ])
        stillWorks(play)
    }

    /// Each merge of a name with itself doubles its depth, so the seventh is refused at `let`.
    @Test(arguments: ["merge", "combineLatest"])
    func aNameCombinedWithItselfTwentyTimesIsRefusedAtLet(_ word: String) {
        let play = PlaygroundHarness()
        let lines = quickly(
            play, ["let a = marbles \"a|\""] + Array(repeating: "let a = a | \(word) a", count: 20) + ["subscribe a"])
        #expect(lines.filter { $0.contains("error:") }.count == 14)
        #expect(
            lines.contains(
                "0: error: a would be 127 operators deep, counting those of the names it uses; the most is 100"))
        #expect(lines.contains("0: subscribed a to a (lane play · a)"))
        #expect(play.playground.liveSubscriptionCount < 300)
        _ = play.take(["wait 200"])
        stillWorks(play)
    }

    /// A subject flattened into a signal that reads it, sent itself: each send doubles what is
    /// subscribed, until the budget fails the lane with one line.
    @Test func aSubjectFlattenedIntoItselfFailsItsLaneAtTheBudget() {
        let play = PlaygroundHarness()
        let lines = quickly(
            play,
            ["let s = subject", "let f = s | flattenMap", "subscribe f"]
                + Array(repeating: "send s signal f", count: 20))
        #expect(lines.filter { $0.contains("error") } == ["0: f: error \(Self.tooMany)"])
        #expect(play.playground.liveSubscriptionCount == 0)
        stillWorks(play)
    }

    /// Each send nests the lane one inner signal deeper, until the budget ends it: the depth of
    /// that nesting, like a definition's, is bounded whatever is typed.
    @Test func innerSignalsNestedOneASendStopAtTheBudget() {
        let play = PlaygroundHarness()
        let lines = quickly(
            play,
            ["let s = subject", "let f = s | take 1 | flattenMap", "subscribe f"]
                + Array(repeating: "send s signal f", count: 3000))
        #expect(lines.filter { $0.contains("error") } == ["0: f: error \(Self.tooMany)"])
        #expect(play.playground.liveSubscriptionCount == 0)
        stillWorks(play)
    }

    /// The budget counts live subscriptions: many shallow lanes, disposed, leave it at zero.
    @Test func disposingReturnsTheBudget() {
        let play = PlaygroundHarness()
        _ = play.take(["let s = subject", "let m = s | map upper | filter =A | take 3"])
        for lane in 1...60 { play.run("subscribe m as l\(lane)") }
        #expect(play.playground.liveSubscriptionCount == 60 * 3)
        stillWorks(play)
    }
}
