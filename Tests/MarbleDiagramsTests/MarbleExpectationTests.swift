import MarbleNotation
import Reactive
import Testing

@testable import MarbleDiagrams

/// A lane built from a marble string is drawn as that string.
struct MarbleLaneDrawingTests {
    @Test func aLaneBuiltFromMarblesIsDrawnTheSame() throws {
        let lanes = [
            try MarbleNotation.lane("isVisible", "t----f--t", at: .milliseconds(400)),
            try MarbleNotation.lane("delay(1s)", "-----!", at: .milliseconds(400)),
        ]
        let lines = MarbleText.lines(MarbleDiagram(lanes: lanes))
        #expect(lines[1] == "isVisible  t----f--t")
        #expect(lines[2] == "delay(1s)  -----!")
    }
}

struct MarbleExpectationTests {
    let lane = MarbleLane(
        name: "metadata", subscribed: .milliseconds(1400),
        events: [
            MarbleEvent(time: .milliseconds(1850), kind: .value("40/7")),
            MarbleEvent(time: .milliseconds(1850), kind: .completed),
        ])
    var symbols: MarbleSymbols { MarbleSymbols(lanes: [lane]) }

    @Test func aLaneMatchesItsMarblesFromItsSubscription() throws {
        #expect(try MarbleExpectation.mismatch(lane, symbols: symbols, pattern: "----(α|)") == nil)
        #expect(try MarbleExpectation.mismatch(lane, symbols: symbols, pattern: "400ms (α|)") == nil)
    }

    @Test func aMismatchShowsBothLanesAndACaret() throws {
        let lines = try MarbleExpectation.mismatch(lane, symbols: symbols, pattern: "---(α|)")
        #expect(
            lines == [
                "expected  ---(α|)",
                "actual    -------(α|)",
                "             ^",
            ])
        let early = try MarbleExpectation.mismatch(lane, symbols: symbols, pattern: "----α--|")
        #expect(
            early == [
                "expected  ----α-----|",
                "actual    ----(α|)",
                "              ^",
            ])
    }

    @Test func aLongLaneIsCutAroundTheDifference() throws {
        let long = MarbleLane(name: "x", subscribed: .zero, events: [MarbleEvent(time: .seconds(30), kind: .completed)])
        let lines = try #require(
            try MarbleExpectation.mismatch(
                long, symbols: MarbleSymbols(lanes: [long]),
                pattern: "29s |", width: 80))
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines[0].hasPrefix("expected  …") && lines[0].hasSuffix("|"))
        #expect(lines[2].count == lines[0].count, "the caret under the expected end")
    }

    @Test func aBadPatternIsAFailureNotAMismatch() {
        #expect(throws: MarbleNotation.Failure.self) {
            try MarbleExpectation.mismatch(lane, symbols: symbols, pattern: "(M|")
        }
    }
}

struct MarbleCheckTests {
    let events = [
        TraceEvent(time: .milliseconds(400), stream: "row 1 · isVisible", kind: .subscribed),
        TraceEvent(time: .milliseconds(400), stream: "row 1 · isVisible", kind: .next("true")),
        TraceEvent(time: .milliseconds(400), stream: "row 1 · delay(1s)", kind: .subscribed),
        TraceEvent(time: .milliseconds(500), stream: "row 1 · isVisible", kind: .next("false")),
        TraceEvent(time: .milliseconds(500), stream: "row 1 · delay(1s)", kind: .disposed),
    ]

    @Test func aLaneOfARecordingIsCheckedWithTheSymbolsOfItsDiagram() throws {
        #expect(try MarbleExpectation.check(events, prefix: "row 1", lane: "isVisible", pattern: "tf") == nil)
        #expect(try MarbleExpectation.check(events, prefix: "row 1", lane: "delay(1s)", pattern: "-!") == nil)
        #expect(
            try MarbleExpectation.check(events, prefix: "row 1", lane: "delay(1s)", pattern: "--!") == [
                "expected  --!", "actual    -!", "           ^",
            ])
    }

    @Test func anUnknownLaneNamesTheLanes() {
        #expect(throws: MarbleNotation.Failure("no lane 'metadata' in row 1: its lanes are isVisible, delay(1s)")) {
            try MarbleExpectation.check(events, prefix: "row 1", lane: "metadata", pattern: "M")
        }
        #expect(throws: MarbleNotation.Failure("nothing recorded for row 2")) {
            try MarbleExpectation.check(events, prefix: "row 2", lane: "metadata", pattern: "M")
        }
    }
}

extension MarbleExpectationTests {
    /// A frame that ends the lane is widened with spaces beside a wider one, never with time: a
    /// student's `----!` is drawn as they wrote it under `----(α|)`.
    @Test func anEndBesideAWiderFrameIsWidenedWithSpaces() throws {
        #expect(
            try MarbleExpectation.mismatch(lane, symbols: symbols, pattern: "----!") == [
                "expected  ----!", "actual    ----(α|)", "              ^",
            ])
        // A value that goes on is widened with time, as before.
        #expect(
            try MarbleExpectation.mismatch(lane, symbols: symbols, pattern: "----α|") == [
                "expected  ----α---|", "actual    ----(α|)", "              ^",
            ])
    }
}
