import Reactive
import Testing
@testable import TerminalViews

struct MarbleDiagramTests {
    func event(_ ms: Int, _ stream: String, _ kind: TraceEvent.Kind) -> TraceEvent {
        TraceEvent(time: .milliseconds(ms), stream: "row 1 · " + stream, kind: kind)
    }

    @Test func drawsValuesCompletionCancellationAndGroupsAligned() {
        let events = [
            event(400, "isVisible", .subscribed),
            event(400, "isVisible", .next("true")),
            event(400, "delay(1s)", .subscribed),
            event(900, "isVisible", .next("false")),
            event(900, "delay(1s)", .disposed),
            event(1100, "isVisible", .next("true")),
            event(1100, "delay(1s)", .subscribed),
            event(2100, "delay(1s)", .next("fired")),
            event(2100, "delay(1s)", .completed),
            event(2100, "metadata", .subscribed),
            event(2300, "metadata", .next("40/7")),
            event(2300, "metadata", .completed),
            TraceEvent(time: .milliseconds(500), stream: "row 10 · isVisible", kind: .next("true")),
        ]
        #expect(MarbleDiagram.render(events, prefix: "row 1") == [
            "isVisible  t----f-t-----------------------",
            "delay(1s)  -----! ----------(o|)",
            "metadata                    -----(M|)",
            "time       ^0.4s     ^1.4s           ^2.4s",
            "t = true, f = false, o = fired, M = 40/7; - = 100 ms (a group such as (M|) is one step, widened), | completed, # error, ! cancelled",
        ])
    }

    @Test func nothingRecordedDrawsNothing() {
        #expect(MarbleDiagram.render([event(0, "isVisible", .next("true"))], prefix: "row 2").isEmpty)
    }

    @Test func longSpansUseCoarserSteps() {
        let events = [event(0, "isVisible", .next("true")), event(30_000, "isVisible", .next("false"))]
        let lines = MarbleDiagram.render(events, prefix: "row 1")
        #expect(lines[0] == "isVisible  t" + String(repeating: " ", count: 59) + "f")
        #expect(lines.last!.contains("- = 500 ms (a group"))
    }
}
