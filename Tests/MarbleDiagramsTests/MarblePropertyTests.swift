import MarbleNotation
import Reactive
import TestSupport
import Testing

@testable import MarbleDiagrams

struct MarblePropertyTests {
    /// Values that share initials and prefixes, booleans among them.
    static let pool = [
        "true", "false", "sun", "suns", "sunset", "sunrise", "beach", "bus", "bust", "40/7", "40", "7",
        "fired", "hello", "house", "a", "A", "tree", "x y", "-", "|", "(", "#", "Ω",
    ]

    func recording(_ random: inout SeededRandom) -> [MarbleLane] {
        (0..<Int.random(in: 1...4, using: &random)).map { index in
            let start = Int.random(in: 0...5_000, using: &random)
            var time = start
            var events: [MarbleEvent] = []
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                time += [0, 0, 50, 100, 250, 1_000, 7_000].randomElement(using: &random) ?? 0
                let value = Self.pool.randomElement(using: &random) ?? "?"
                events.append(MarbleEvent(time: .milliseconds(time), kind: .value(value)))
            }
            if Bool.random(using: &random) {
                time += [0, 0, 100, 900].randomElement(using: &random) ?? 0
                let end: [MarbleEvent.Kind] = [.completed, .failed("boom"), .cancelled]
                let kind = end.randomElement(using: &random) ?? .completed
                events.append(MarbleEvent(time: .milliseconds(time), kind: kind))
            }
            return MarbleLane(name: "lane\(index)", subscribed: .milliseconds(start), events: events)
        }
    }

    @Test func tenThousandRecordingsAreDrawnTruthfully() {
        var random = SeededRandom(seed: 11)
        for round in 0..<10_000 {
            let lanes = recording(&random)
            let width = Int.random(in: 40...120, using: &random)
            let diagram = MarbleDiagram(lanes: lanes, width: width)
            let lines = MarbleText.lines(diagram)
            #expect(lines.allSatisfy { $0.count <= width }, "round \(round): wider than \(width): \(lines)")
            check(diagram, lines, round: round)
        }
    }

    @Test func everyLaneMatchesItsOwnMarblesAndNotAChangedOne() throws {
        var random = SeededRandom(seed: 14)
        for round in 0..<2_000 {
            let lanes = recording(&random)
            let symbols = MarbleSymbols(lanes: lanes)
            for lane in lanes where !lane.events.isEmpty {
                let marbles = MarbleNotation.marbles(of: lane, symbols: symbols)
                #expect(
                    try MarbleExpectation.mismatch(lane, symbols: symbols, pattern: marbles) == nil,
                    "round \(round): \(marbles)")
                let late = try #require(try MarbleExpectation.mismatch(lane, symbols: symbols, pattern: "-" + marbles))
                #expect(late.count == 3 && late[2].hasSuffix("^"), "round \(round): \(late)")
            }
        }
    }

    /// Finds each lane's lines in the text and checks every event against its own arithmetic.
    func check(_ diagram: MarbleDiagram, _ lines: [String], round: Int) {
        let step = diagram.layout.step.wholeMilliseconds
        let origin = (diagram.lanes.compactMap(\.start).min() ?? .zero).wholeMilliseconds / step * step
        let keyText = lines.drop { !$0.hasPrefix("key:") }.joined(separator: " ")
        var symbolOf: [String: Character] = [:]
        var row = 1
        for (lane, grid) in zip(diagram.lanes, diagram.grids) {
            let laneRows = (0..<grid.levels).map { Array(lines[row + $0].dropFirst(diagram.labelWidth + 2)) }
            row += grid.levels
            var level = 0
            var lastColumn = -1
            for event in lane.events {
                let column = Int((event.time.wholeMilliseconds - origin) / step)
                level = column == lastColumn ? level + 1 : 0
                lastColumn = column
                let drawn = laneRows[level].indices.contains(column) ? laneRows[level][column] : " "
                switch event.kind {
                case .value(let value):
                    #expect(drawn == diagram.symbols.character(for: event.kind), "round \(round)")
                    if let known = symbolOf[value] { #expect(known == drawn, "round \(round): \(value) twice") }
                    symbolOf[value] = drawn
                    #expect(keyText.contains("\(drawn) = \(value)"), "round \(round): \(value) not in the key")
                case .completed: #expect(drawn == "|", "round \(round)")
                case .failed: #expect(drawn == "#", "round \(round)")
                case .cancelled: #expect(drawn == "!", "round \(round)")
                }
                if event.kind.isTerminal {
                    let after = laneRows.flatMap { $0.dropFirst(column + 1) }
                    #expect(after.allSatisfy { $0 == " " }, "round \(round): something after the end of \(lane.name)")
                }
            }
        }
        #expect(Set(symbolOf.values).count == symbolOf.count, "round \(round): two values share a symbol")
        #expect(lines[row].hasPrefix("time"), "round \(round): the ruler follows the lanes")
    }
}
