import MarbleNotation
import Reactive
import Testing

@testable import MarbleDiagrams

struct MarbleRecordingTests {
    func event(_ ms: Int, _ stream: String, _ kind: TraceEvent.Kind) -> TraceEvent {
        TraceEvent(time: .milliseconds(ms), stream: "row 1 · " + stream, kind: kind)
    }

    @Test func aNewLifeOfTheNamesStartsTheDiagramAgain() {
        let events = [
            event(0, "isVisible", .subscribed), event(0, "isVisible", .next("true")),
            event(900, "isVisible", .disposed),
            event(1000, "isVisible", .subscribed), event(1200, "isVisible", .next("false")),
        ]
        let lanes = MarbleRecording.lanes(events, prefix: "row 1")
        #expect(
            lanes == [
                MarbleLane(
                    name: "isVisible", subscribed: .milliseconds(1000),
                    events: [
                        MarbleEvent(time: .milliseconds(1200), kind: .value("false"))
                    ])
            ])
    }

    @Test func subscribersOfOneSourceEachGetItsValuesAndItsEnd() {
        let events = [
            event(0, "metadata", .subscribed), event(0, "metadata", .subscribed),
            event(300, "metadata", .next("40/7")), event(300, "metadata", .next("40/7")),
            event(300, "metadata", .completed), event(300, "metadata", .completed),
        ]
        let lanes = MarbleRecording.lanes(events, prefix: "row 1")
        let done = [
            MarbleEvent(time: .milliseconds(300), kind: .value("40/7")),
            MarbleEvent(time: .milliseconds(300), kind: .completed),
        ]
        #expect(lanes.map(\.name) == ["metadata", "metadata#2"])
        #expect(lanes.map(\.events) == [done, done])
    }

    @Test func aLaterSubscriberIsItsOwnLaneFromItsOwnStart() {
        let events = [
            event(0, "favorites", .subscribed), event(300, "favorites", .subscribed),
            event(400, "favorites", .next("40")), event(400, "favorites", .completed),
            event(500, "favorites", .failed("offline")),
        ]
        let lines = MarbleText.lines(MarbleDiagram(lanes: MarbleRecording.lanes(events, prefix: "row 1")))
        #expect(lines[1] == "favorites    ----(α|)")
        #expect(lines[2] == "favorites#2     --   #", "blank where the group widens the column")
        #expect(lines.last == "key: α = 40, | completed, # error: offline, (…) same step, in order")
    }
}
