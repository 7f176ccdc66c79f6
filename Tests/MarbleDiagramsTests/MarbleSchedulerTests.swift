import MarbleNotation
import Reactive
import Testing

@testable import MarbleDiagrams

/// A lane whose events a named scheduler delivered (deliverOn main) says so in the key.
@MainActor
struct MarbleSchedulerTests {
    func event(_ ms: Int, _ stream: String, _ kind: TraceEvent.Kind, on scheduler: String? = nil) -> TraceEvent {
        TraceEvent(time: .milliseconds(ms), stream: "play · " + stream, kind: kind, scheduler: scheduler)
    }

    @Test func theKeyNamesTheLanesEachSchedulerDelivered() {
        let events = [
            event(0, "direct", .subscribed), event(0, "ui", .subscribed), event(0, "bg", .subscribed),
            event(100, "direct", .next("a")), event(100, "ui", .next("a"), on: "main"),
            event(100, "bg", .next("a"), on: "background"), event(200, "ui", .completed, on: "main"),
        ]
        let lanes = MarbleRecording.lanes(events, prefix: "play")
        #expect(lanes.map(\.scheduler) == [nil, "main", "background"])
        #expect(
            MarbleDiagram.render(events, prefix: "play", width: 40) == [
                "one column = 100 ms from 0s to 0.2s", "direct  -a-", "ui      -a|", "bg      -a-", "time    +..",
                "        0s", "key: | completed, on main: ui,", "     on background: bg",
            ])
    }

    @Test func lanesNoSchedulerDeliveredSayNothingMore() {
        let events = [event(0, "direct", .subscribed), event(100, "direct", .next("a"))]
        #expect(MarbleDiagram.render(events, prefix: "play", width: 40).last == "        0s")
    }
}
