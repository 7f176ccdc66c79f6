import Reactive
import TestSupport
import Testing

@testable import Dataflow

/// The graph read from a recording: a cold signal is a node per subscriber, a shared one a node
/// with several subscribers; each node under what reads it.
@MainActor
struct DataflowGraphTests {
    let scheduler = VirtualScheduler()
    let book = SubscriptionBook()

    /// A log on the scheduler's clock, its joins kept by `book`.
    func makeLog() -> EventLog {
        let log = EventLog(clock: { [scheduler] in scheduler.now })
        book.read(log)
        return log
    }

    /// A row's metadata as the app makes it: two calls combined, each answering after a while.
    func metadata(_ log: EventLog) -> Signal<String> {
        let favorites = Signal<Void>.timer(after: .milliseconds(200), on: scheduler).map { "40" }
            .traced("row 3 · favorites", in: log)
        let comments = Signal<Void>.timer(after: .milliseconds(300), on: scheduler).map { "7" }
            .traced("row 3 · comments", in: log)
        return combineLatest(favorites, comments).map { "\($0)/\($1)" }.traced("row 3 · metadata", in: log)
    }

    func graph(_ log: EventLog) -> DataflowGraph {
        let recording = DataflowRecording(log.events, joins: book.joins) { stream in
            stream.hasPrefix("row 3 · ") ? String(stream.dropFirst(8)) : nil
        }
        return DataflowGraph(recording)
    }

    /// An event of a subscription whose start the recording lacks (it left a full log) is on no
    /// lane, not on the newest subscription of its stream.
    @Test func anEventOfASubscriptionNotRecordedHereJoinsNoOther() {
        let log = makeLog()
        let newer = log.record("row 3 · isVisible", .subscribed)
        log.record("row 3 · isVisible", .next("true"), subscription: newer - 100)
        log.record("row 3 · isVisible", .next("false"), subscription: newer)
        let recording = DataflowRecording(log.events) { $0.hasPrefix("row 3 · ") ? String($0.dropFirst(8)) : nil }
        #expect(recording.subscriptions.map(\.lane) == ["isVisible"])
        #expect(recording.subscriptions[0].drawn.map(\.kind) == [.next("false")])
    }

    @Test func twoSubscribersOfAColdSignalAreTwoOfEachCall() {
        let log = makeLog()
        let signal = metadata(log)
        let first = signal.traced("row 3 · subscriber 1", in: log).subscribe { _ in }
        let second = signal.traced("row 3 · subscriber 2", in: log).subscribe { _ in }
        #expect(
            GraphText.lines(graph(log)) == [
                "subscriber 1  live",
                "└─ metadata  live, 1 subscriber",
                "   ├─ favorites  live, 1 subscriber",
                "   └─ comments  live, 1 subscriber",
                "subscriber 2  live",
                "└─ metadata#2  live, 1 subscriber",
                "   ├─ favorites#2  live, 1 subscriber",
                "   └─ comments#2  live, 1 subscriber",
            ])
        scheduler.advance(by: .milliseconds(300))
        #expect(
            GraphText.lines(graph(log)) == [
                "subscriber 1  completed at 00:00.300",
                "└─ metadata  completed at 00:00.300",
                "   ├─ favorites  completed at 00:00.200",
                "   └─ comments  completed at 00:00.300",
                "subscriber 2  completed at 00:00.300",
                "└─ metadata#2  completed at 00:00.300",
                "   ├─ favorites#2  completed at 00:00.200",
                "   └─ comments#2  completed at 00:00.300",
            ])
        _ = (first, second)
    }

    @Test func twoSubscribersOfASharedSignalShareOneOfEachCall() {
        let log = makeLog()
        var connection: Int?
        // The second subscriber joins the work the first one started (as `fetch … shared` records it).
        let shared = metadata(log).replayLazily().joined(to: { connection }, in: log)
        let first = shared.traced("row 3 · subscriber 1", in: log).subscribe { _ in }
        connection = log.events.first { $0.stream == "row 3 · metadata" }?.number
        let second = shared.traced("row 3 · subscriber 2", in: log).subscribe { _ in }
        #expect(
            GraphText.lines(graph(log)) == [
                "subscriber 1  live",
                "└─ metadata  live, 2 subscribers",
                "   ├─ favorites  live, 1 subscriber",
                "   └─ comments  live, 1 subscriber",
                "subscriber 2  live",
                "└─ metadata  (above)",
            ])
        second.dispose()
        #expect(GraphText.lines(graph(log))[1] == "└─ metadata  live, 1 subscriber")
        #expect(GraphText.lines(graph(log))[4] == "subscriber 2  cancelled at 00:00.000")
        _ = first
    }

    @Test func aValueThatStartsASubscriptionIsReadByIt() {
        let log = makeLog()
        let visible = MutableProperty(false)
        var visibility: Int?
        let waits = visible.signal.joined(to: { visibility }, in: log).filter { $0 }.flatMapLatest { _ in
            Signal<Void>.timer(after: .seconds(1), on: scheduler).traced("row 3 · delay(1s)", in: log)
        }
        // Shows and hides recorded as the row records them: as the cause of what they set going.
        visibility = log.record("row 3 · isVisible", .subscribed)
        let pipeline = waits.traced("row 3 · hidden", in: log).subscribe { _ in }
        for shown in [true, false, true] {
            let number = log.record("row 3 · isVisible", .next("\(shown)"), subscription: visibility)
            Cause.running(Cause(event: number)) { visible.value = shown }
        }
        scheduler.advance(by: .seconds(1))
        let recording = DataflowRecording(log.events, joins: book.joins) { stream in
            stream.hasPrefix("row 3 · ") ? String(stream.dropFirst(8)) : nil
        }
        #expect(
            GraphText.lines(DataflowGraph(recording, listeners: ["row 3 · isVisible": visible.subscriberCount])) == [
                "hidden  live",
                "├─ isVisible  live, 1 subscriber",
                "└─ delay(1s)#2  completed at 00:01.000",
                "   └─ isVisible  (above)",
                "delay(1s)  cancelled at 00:00.000",
                "└─ isVisible  (above)",
            ])
        pipeline.dispose()
        #expect(visible.subscriberCount == 0)
    }
}
