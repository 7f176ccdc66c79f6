import MarbleNotation
import Reactive
import Testing

@testable import MarbleDiagrams

/// Ways a diagram could mislead (shared symbols, hidden marks, …), each drawn to show it does not.
struct MarbleDefectTests {
    func event(_ ms: Int, _ stream: String, _ kind: TraceEvent.Kind, prefix: String = "row 1") -> TraceEvent {
        TraceEvent(time: .milliseconds(ms), stream: "\(prefix) · \(stream)", kind: kind)
    }

    func dashes(_ count: Int) -> String { String(repeating: "-", count: count) }

    func texts(_ values: [String], at times: [Int]) -> [TraceEvent] {
        [event(0, "searchText", .subscribed, prefix: "search")]
            + zip(values, times).map { event($1, "searchText", .next($0), prefix: "search") }
    }

    @Test func everyTextGetsItsOwnSymbolAndAllAreInTheKey() {
        let values = ["sunset", "beach", "hello", "house", "bus", "bust"]
        let lines = MarbleDiagram.render(texts(values, at: [0, 100, 200, 300, 400, 500]), prefix: "search")
        let lane = lines[1].dropFirst("searchText  ".count)
        #expect(Set(lane).count == 6, "six values, six symbols: \(lane)")
        let key = lines.drop { !$0.hasPrefix("key:") }.joined(separator: ",").dropFirst(4)
        let entries = key.split(separator: ",").map { String($0.drop { $0 == " " }) }
        for (symbol, value) in zip(lane, values) { #expect(entries.contains("\(symbol) = \(value)")) }
    }

    @Test func valuesSharingAStepAreAGroupOnTheLaneWithDistinctSymbols() {
        let lines = MarbleDiagram.render(texts(["sun", "suns", "sunset"], at: [0, 0, 0]), prefix: "search")
        #expect(lines[1] == "searchText  (sSu)")
        #expect(lines[2].hasPrefix("time"), "nothing stacked under the lane")
        #expect(lines.contains { $0.contains("s = sun, S = suns, u = sunset") })
    }

    @Test func trueIsTOnEveryLane() {
        let events = [
            event(0, "isSearchValid", .next("true"), prefix: "search"),
            event(0, "executing", .next("true"), prefix: "search"),
            event(100, "flickrSearchSignal", .next("true"), prefix: "search"),
            event(200, "executing", .next("false"), prefix: "search"),
        ]
        let lines = MarbleDiagram.render(events, prefix: "search")
        #expect(lines[1] == "isSearchValid       t--")
        #expect(lines[2] == "executing           t-f")
        #expect(lines[3] == "flickrSearchSignal   t-")
        #expect(lines.last == "key: t = true, f = false")
    }

    @Test func aGroupWidensItsColumnOnEveryLane() {
        let events = [
            event(0, "executing", .subscribed, prefix: "search"),
            event(0, "executing", .next("true"), prefix: "search"),
            event(0, "flickrSearchSignal", .subscribed, prefix: "search"),
            event(400, "flickrSearchSignal", .next("100 photos"), prefix: "search"),
            event(400, "flickrSearchSignal", .completed, prefix: "search"),
            event(800, "executing", .next("false"), prefix: "search"),
        ]
        let lines = MarbleDiagram.render(events, prefix: "search")
        #expect(lines[1] == "executing           t----   ---f")
        #expect(lines[2] == "flickrSearchSignal  ----(p|)")
        #expect(lines[3] == "time                +....   '...")
    }

    @Test func nothingIsDrawnAfterAnEnd() {
        let events = [
            event(0, "isVisible", .subscribed), event(0, "isVisible", .next("true")),
            event(0, "delay(1s)", .subscribed), event(100, "isVisible", .next("false")),
            event(100, "delay(1s)", .disposed), event(2000, "isVisible", .next("true")),
        ]
        let lines = MarbleDiagram.render(events, prefix: "row 1", now: .seconds(3))
        #expect(lines[1] == "isVisible  tf" + dashes(18) + "t" + dashes(10))
        #expect(lines[2] == "delay(1s)  -!")
    }

    @Test func lanesFollowThePipelineNotTheOrderOfEvents() {
        let events = ["isVisible", "takeUntil(hidden)", "metadata", "comments", "delay(1s)", "favorites"].map {
            event(0, $0, .subscribed)
        }
        let lines = MarbleDiagram.render(events, prefix: "row 1")
        let names = lines.dropFirst().prefix(6).map { $0.split(separator: " ")[0] }
        #expect(names == ["isVisible", "delay(1s)", "takeUntil(hidden)", "favorites", "comments", "metadata"])
        let firstSeen = MarbleDiagram.render(events, prefix: "row 1", order: []).dropFirst().prefix(6)
        #expect(
            firstSeen.map { $0.split(separator: " ")[0] } == [
                "isVisible", "takeUntil(hidden)", "metadata", "comments", "delay(1s)", "favorites",
            ])
    }

    @Test func theKeyIsWrittenOnceInShortLines() {
        let events = ["isVisible", "delay(1s)", "favorites", "comments", "metadata"].flatMap { name in
            [
                event(0, name, .subscribed), event(1000, name, .next("a rather long value for \(name)")),
                event(1000, name, .completed),
            ]
        }
        let lines = MarbleDiagram.render(events, prefix: "row 1")
        #expect(lines.filter { $0.hasPrefix("key:") }.count == 1)
        #expect(lines.drop { !$0.hasPrefix("key:") }.count <= 3)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.joined().contains("a = a rather long v…,"))
    }

    @Test func theKeyWrapsAtEightyColumnsInAWiderDiagram() {
        let values = ["sunset", "beach", "hello", "house", "bus", "bust", "true", "false", "tree"]
        let lines = MarbleDiagram.render(texts(values, at: Array(0..<9).map { $0 * 100 }), prefix: "search", width: 120)
        let key = lines.drop { !$0.hasPrefix("key:") }
        #expect(key.count == 2 && key.allSatisfy { $0.count <= 80 }, "\(key)")
    }

    @Test func longSpansFitEightyColumnsWithARoundStep() throws {
        let events = [
            event(0, "isVisible", .subscribed), event(0, "isVisible", .next("true")),
            event(15_000, "isVisible", .next("false")),
        ]
        let lines = MarbleDiagram.render(events, prefix: "row 1")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines[0] == "one column = 500 ms from 0s to 15s")
        #expect(lines[1].hasPrefix("(expect-marbles counts 100 ms a frame"))
        let lane = try #require(lines.firstIndex { $0.hasPrefix("isVisible") })
        #expect(lines[lane] == "isVisible  t" + String(repeating: "-", count: 29) + "f")
        #expect(lines[lane + 2].hasPrefix("           0s        5s        10s"))
    }

    @Test func everyColdSubscriberHasItsOwnLane() {
        let events =
            (0..<3).map { _ in event(100, "metadata", .subscribed) }
            + [(300, "40/7"), (500, "40/7"), (400, "40/7")].flatMap { ms, value in
                [event(ms, "metadata", .next(value)), event(ms, "metadata", .completed)]
            }.sorted { $0.time < $1.time }
        let lines = MarbleDiagram.render(events, prefix: "row 1")
        #expect(
            lines[1...6] == [
                "metadata    --(α|)", "metadata#2  ---   (α|)", "metadata#3  ---   -   (α|)",
                "time        +..   .   '", "            0.1s", "key: α = 40/7, | completed, (…) same step, in order",
            ])
    }

    @Test func dataNeverReachesTheTerminalRaw() {
        let lines = MarbleDiagram.render(texts(["\u{1B}[2Jboom", "\u{202E}evil"], at: [0, 100]), prefix: "search")
        let text = lines.joined(separator: "\n")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(text.contains("\u{FFFD}[2Jboom"))
    }

    @Test func fromAndToZoomIn() {
        let events = [
            event(0, "isVisible", .subscribed), event(0, "isVisible", .next("true")),
            event(30_000, "isVisible", .next("false")), event(31_000, "isVisible", .completed),
        ]
        let lines = MarbleDiagram.render(events, prefix: "row 1", from: .seconds(29), to: .seconds(32))
        #expect(lines[0] == "one column = 100 ms from 29s to 32s")
        #expect(lines[1] == "isVisible  " + dashes(10) + "f" + dashes(9) + "|")
    }

    @Test func theRulerLabelsRoundTimesAndItsStart() {
        let short = [event(400, "isVisible", .subscribed), event(800, "isVisible", .next("true"))]
        let lines = MarbleDiagram.render(short, prefix: "row 1")
        #expect(lines[2...3] == ["time       +'...", "           0.4s"])
        let long = [event(400, "isVisible", .subscribed), event(2_500, "isVisible", .next("true"))]
        #expect(
            MarbleDiagram.render(long, prefix: "row 1")[2...3] == [
                "time       +'....+....'....+....'", "           0.4s  1s        2s",
            ])
    }

    @Test func nothingRecordedDrawsNothing() {
        #expect(MarbleDiagram.render([event(0, "isVisible", .next("true"))], prefix: "row 2").isEmpty)
    }
}
