import MarbleNotation
import Reactive
import Testing

@testable import MarbleDiagrams

/// Where two recordings of a row first differ (`compare A B`), and their lanes drawn in pairs.
struct MarbleComparisonTests {
    static let outputs: Set<String> = ["metadata"]

    func lane(_ name: String, _ marbles: String, at start: Int = 0) throws -> MarbleLane {
        try MarbleNotation.lane(name, marbles, at: .milliseconds(start))
    }

    @Test func aSharedLaneDiffersAtItsFirstUnequalEvent() throws {
        let a = [try lane("isVisible", "t-f-t"), try lane("hidden", "--(f!)")]
        let b = [try lane("isVisible", "t-f-t"), try lane("hidden", "--f-")]
        #expect(
            MarbleComparison.firstDifference(a, b, outputs: Self.outputs)
                == .init(time: .milliseconds(200), lane: "hidden"))
        #expect(MarbleComparison.firstDifference(a, a, outputs: Self.outputs) == nil)
    }

    @Test func aStepOnlyOneHasCountsNotButAnOutputDoes() throws {
        let a = [try lane("isVisible", "t---"), try lane("takeUntil(hidden)", "-|")]
        let b = [try lane("isVisible", "t---"), try lane("filter(true)", "t"), try lane("metadata#2", "---m|")]
        #expect(
            MarbleComparison.firstDifference(a, b, outputs: Self.outputs)
                == .init(time: .milliseconds(300), lane: "metadata#2"))
    }

    @Test func whenALaneWasSubscribedIsNoDifference() throws {
        let a = [try lane("delay(1s)", "---!", at: 0)]
        let b = [try lane("delay(1s)", "-!", at: 200)]
        #expect(MarbleComparison.firstDifference(a, b, outputs: Self.outputs) == nil)
    }

    @Test func atOneTimeTheLaneFirstInAsOrderIsNamed() throws {
        let a = [try lane("hidden", "-f"), try lane("delay(1s)", "-!")]
        let b = [try lane("hidden", "-(f!)"), try lane("delay(1s)", "--")]
        #expect(
            MarbleComparison.firstDifference(a, b, outputs: Self.outputs)
                == .init(time: .milliseconds(100), lane: "hidden"))
    }

    @Test func aStepOnlyBHasIsDrawnWhereBsChainPutsIt() throws {
        let a = [try lane("isVisible", "t"), try lane("hidden", "-"), try lane("filter(true)", "t")]
        let b = [
            try lane("isVisible", "t"), try lane("throttle(1s)", "-"), try lane("filter(true)", "-"),
            try lane("take(1)", "-"),
        ]
        #expect(
            MarbleComparison.paired(a, b).map(\.name) == [
                "A isVisible", "B isVisible", "A hidden", "B throttle(1s)", "A filter(true)", "B filter(true)",
                "B take(1)",
            ])
    }

    @Test func pairsAreDrawnAThenBWithACaretUnderTheFirstDifference() throws {
        let a = [try lane("isVisible", "tf-t"), try lane("hidden", "-(f!)")]
        let b = [try lane("isVisible", "tf-t"), try lane("hidden", "-f--"), try lane("metadata", "---m|")]
        let difference = try #require(MarbleComparison.firstDifference(a, b, outputs: Self.outputs))
        let diagram = MarbleDiagram(lanes: MarbleComparison.paired(a, b))
        #expect(
            MarbleComparison.lines(diagram, marking: difference) == [
                "one column = 100 ms from 0s to 0.4s",
                "A isVisible  tf   -t-",
                "B isVisible  tf   -t-",
                "A hidden     -(f!)",
                "B hidden     -f   ---",
                "              ^ first difference",
                "B metadata   --   -m|",
                "time         +.   ...",
                "             0s",
                "key: t = true, f = false, | completed, ! cancelled, (…) same step, in order",
            ])
    }
}

extension MarbleComparisonTests {
    @Test func theSameValuesAreTheOutputsValuesAtTheirTimesHoweverTheyEnded() {
        let at = { (ms: Int, kind: MarbleEvent.Kind) in MarbleEvent(time: .milliseconds(ms), kind: kind) }
        let lane = { (name: String, events: [MarbleEvent]) in MarbleLane(name: name, subscribed: .zero, events: events)
        }
        let ended = [lane("metadata", [at(100, .value("α")), at(100, .completed)]), lane("delay(1s)", [])]
        let cancelled = [
            lane("metadata", [at(100, .value("α")), at(100, .cancelled)]), lane("hidden", [at(5, .cancelled)]),
        ]
        #expect(MarbleComparison.sameValues(ended, cancelled, outputs: ["metadata"]))
        // Split over two subscriptions, the same values at the same times.
        let split = [lane("metadata", [at(100, .cancelled)]), lane("metadata#2", [at(100, .value("α"))])]
        #expect(MarbleComparison.sameValues(ended, split, outputs: ["metadata"]))
        let later = [lane("metadata", [at(200, .value("α"))])]
        #expect(!MarbleComparison.sameValues(ended, later, outputs: ["metadata"]))
        #expect(MarbleComparison.sameValues(ended, later, outputs: ["comments"]))
    }
}

extension MarbleComparisonTests {
    /// A long lane name is cut before its subscription's number, which is what tells two lanes of
    /// one step apart (`compare`'s `A flattenMap(metadata)#2` and `#3`).
    @Test func aLongNameKeepsItsSubscriptionsNumber() throws {
        let names = ["A flattenMap(metadata)", "A flattenMap(metadata)#2", "A flattenMap(metadata)#13", "short#2"]
        let lanes = try names.map { try lane($0, "-a|") }
        let diagram = MarbleDiagram(lanes: lanes, width: 60)
        #expect(diagram.labelWidth == 20)
        #expect(
            lanes.map(diagram.label) == [
                "A flattenMap(metada…", "A flattenMap(meta…#2", "A flattenMap(met…#13", "short#2",
            ])
    }
}
