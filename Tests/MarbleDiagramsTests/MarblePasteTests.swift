import MarbleNotation
import Reactive
import Testing

@testable import MarbleDiagrams

/// What a diagram draws is what `expect-marbles` reads: one origin, one step, groups inline.
struct MarblePasteTests {
    /// `early` from 0 ms; `late` subscribed at 250 ms hears a at 300 ms, b at 500 ms, ends at 600 ms.
    let lanes = [
        MarbleLane(
            name: "early", subscribed: .zero, events: [MarbleEvent(time: .milliseconds(100), kind: .value("a"))]),
        MarbleLane(
            name: "late", subscribed: .milliseconds(250),
            events: [
                MarbleEvent(time: .milliseconds(300), kind: .value("a")),
                MarbleEvent(time: .milliseconds(500), kind: .value("b")),
                MarbleEvent(time: .milliseconds(600), kind: .completed),
            ]),
    ]

    func drawn(_ lines: [String], _ diagram: MarbleDiagram, lane index: Int) -> String {
        String(lines[1 + index].dropFirst(diagram.labelWidth + 2))
    }

    @Test func aLateLaneIsDrawnAtItsEventsColumnsAndPastesBack() throws {
        let diagram = MarbleDiagram(lanes: lanes)
        let lines = MarbleText.lines(diagram)
        #expect(lines[0].hasPrefix("one column = 100 ms from 0s"), "the origin is stated: \(lines[0])")
        let late = drawn(lines, diagram, lane: 1)
        #expect(late == "  -a-b|", "300 ms is column 3 from 0s")
        #expect(try MarbleExpectation.mismatch(lanes[1], symbols: diagram.symbols, pattern: late) == nil)
        #expect(try MarbleExpectation.mismatch(lanes[1], symbols: diagram.symbols, pattern: "-a-b|") == nil)
    }

    @Test func eventsInOneStepAreAGroupOnTheLaneItself() {
        let lane = MarbleLane(
            name: "both", subscribed: .zero,
            events: [
                MarbleEvent(time: .milliseconds(100), kind: .value("a")),
                MarbleEvent(time: .milliseconds(150), kind: .value("b")),
                MarbleEvent(time: .milliseconds(300), kind: .completed),
            ])
        let other = MarbleLane(
            name: "other", subscribed: .zero, events: [MarbleEvent(time: .milliseconds(300), kind: .value("c"))])
        let diagram = MarbleDiagram(lanes: [lane, other])
        let lines = MarbleText.lines(diagram)
        #expect(lines[1] == "both   -(ab)-|")
        #expect(lines[2] == "other  --   -c", "other lanes leave the widened column blank, as marble strings may")
        #expect(lines[3].hasPrefix("time   +"))
        #expect(!lines.contains { $0.contains("stacked") })
    }

    @Test func aStepOtherThanAFrameIsSaidWhereTheDiagramBegins() {
        let long = [
            MarbleLane(
                name: "isVisible", subscribed: .zero,
                events: [
                    MarbleEvent(time: .zero, kind: .value("true")),
                    MarbleEvent(time: .seconds(15), kind: .value("false")),
                ])
        ]
        let lines = MarbleText.lines(MarbleDiagram(lanes: long))
        #expect(lines[0] == "one column = 500 ms from 0s to 15s")
        #expect(lines[1].contains("expect-marbles counts 100 ms"), "\(lines[1])")
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test func theWriterPrintsWhatExpectMarblesAcceptsFromTheDrawingsGrid() throws {
        let diagram = MarbleDiagram(lanes: lanes)
        #expect(MarbleNotation.marbles(of: lanes[1], symbols: diagram.symbols) == "-a-b|")
        let slow = MarbleLane(
            name: "slow", subscribed: .zero,
            events: [MarbleEvent(time: .zero, kind: .value("t")), MarbleEvent(time: .seconds(3), kind: .completed)])
        let written = MarbleNotation.marbles(of: slow, symbols: MarbleSymbols(lanes: [slow]))
        #expect(written == "T 2.9s |", "a long wait as a time literal")
        #expect(try MarbleExpectation.mismatch(slow, symbols: MarbleSymbols(lanes: [slow]), pattern: written) == nil)
    }
}
