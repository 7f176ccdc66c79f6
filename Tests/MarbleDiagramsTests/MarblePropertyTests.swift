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

    @Test func tenThousandRecordingsAreDrawnTruthfully() throws {
        var random = SeededRandom(seed: 11)
        for round in 0..<10_000 {
            let lanes = recording(&random)
            let width = Int.random(in: 40...120, using: &random)
            let diagram = MarbleDiagram(lanes: lanes, width: width)
            let lines = MarbleText.lines(diagram)
            #expect(lines.allSatisfy { $0.count <= width }, "round \(round): wider than \(width): \(lines)")
            try check(diagram, lines, round: round)
        }
    }

    @Test func whatIsDrawnPastesBackAndARecordingOneEventOffDoesNot() throws {
        var random = SeededRandom(seed: 24)
        var pasted = 0
        for round in 0..<3_000 {
            let lanes = recording(&random)
            let diagram = MarbleDiagram(lanes: lanes, width: 120)
            guard diagram.layout.step == .milliseconds(100) else { continue }
            let lines = MarbleText.lines(diagram)
            for lane in lanes {
                let drawn = try #require(drawnLane(lane, diagram, lines))
                guard !spellsATimeLiteral(drawn) else { continue }  // see `check`
                let passes = try MarbleExpectation.mismatch(lane, symbols: diagram.symbols, pattern: drawn)
                #expect(passes == nil, "round \(round): \(lane.name) drawn \(drawn): \(passes ?? [])")
                pasted += 1
                guard !lane.events.isEmpty else { continue }
                var changed = lane
                let index = Int.random(in: 0..<lane.events.count, using: &random)
                if Bool.random(using: &random) {
                    changed.events.remove(at: index)
                } else {
                    changed.events[index].time += .milliseconds(100)
                    changed.events = changed.events.enumerated().map { offset, event in
                        var later = event
                        if offset > index { later.time = max(later.time, changed.events[index].time) }
                        return later
                    }
                }
                let fails = try #require(
                    try MarbleExpectation.mismatch(changed, symbols: diagram.symbols, pattern: drawn),
                    "round \(round): \(drawn) still passes one event off")
                #expect(fails.count == 3 && fails[2].hasSuffix("^"), "round \(round): \(fails)")
            }
        }
        #expect(pasted > 1_000, "enough diagrams at 100 ms: \(pasted)")
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
                let late = try #require(try MarbleExpectation.mismatch(lane, symbols: symbols, pattern: "- " + marbles))
                #expect(late.count == 3 && late[2].hasSuffix("^"), "round \(round): \(late)")
            }
        }
    }

    /// The text of a lane's line after the names' column.
    func drawnLane(_ lane: MarbleLane, _ diagram: MarbleDiagram, _ lines: [String]) -> String? {
        let head = lane.name + String(repeating: " ", count: diagram.labelWidth + 2 - lane.name.count)
        return lines.first { $0.hasPrefix(head) }.map { String($0.dropFirst(head.count)) }
    }

    /// Whether a word between blanks of a drawn lane is a duration, which the notation reads as time.
    func spellsATimeLiteral(_ drawn: String) -> Bool {
        let words = drawn.split(separator: " ", omittingEmptySubsequences: false)
        return words.dropLast().contains { DurationGrammar.duration(String($0)) != nil }
    }

    /// Reads each lane's line back as a marble string at the diagram's step and checks every
    /// event against its own arithmetic: its column after the lane's, its symbol, the key.
    func check(_ diagram: MarbleDiagram, _ lines: [String], round: Int) throws {
        let step = diagram.layout.step
        let keyText = lines.drop { !$0.hasPrefix("key:") }.joined(separator: " ")
        var symbolOf: [String: Character] = [:]
        for lane in diagram.lanes {
            let drawn = try #require(drawnLane(lane, diagram, lines), "round \(round): no line for \(lane.name)")
            // Symbols that spell a time literal between blanks ("4s ") read as one: the drawing
            // cannot say otherwise, and `marbles --paste` writes such a lane unambiguously.
            if spellsATimeLiteral(drawn) {
                let written = MarbleNotation.marbles(of: lane, symbols: diagram.symbols)
                #expect(try MarbleExpectation.mismatch(lane, symbols: diagram.symbols, pattern: written) == nil)
                continue
            }
            let read = try MarbleNotation.parse(drawn, frame: step).map { event -> String in
                let mark =
                    if case .value(let symbol) = event.kind { symbol } else {
                        "\(diagram.symbols.character(for: event.kind))"
                    }
                return "\(Int(event.time / step)):\(mark)"
            }
            let startColumn = diagram.layout.column(lane.start ?? .zero)
            let wanted = lane.events.map { event in
                "\(diagram.layout.column(event.time) - startColumn):\(diagram.symbols.character(for: event.kind))"
            }
            #expect(read == wanted, "round \(round): \(lane.name) drawn \(drawn)")
            for case .value(let value) in lane.events.map(\.kind) {
                let symbol = diagram.symbols.symbol(for: value)
                if let known = symbolOf[value] { #expect(known == symbol, "round \(round): \(value) twice") }
                symbolOf[value] = symbol
                let itself = String(symbol) == value
                #expect(
                    itself != keyText.contains("\(symbol) = \(value)"),
                    "round \(round): \(value) is itself, or in the key")
            }
        }
        #expect(Set(symbolOf.values).count == symbolOf.count, "round \(round): two values share a symbol")
    }
}
