import Reactive
import TestSupport
import Testing

@testable import Dataflow

/// The subscriptions not ended yet and the joins, kept across a session's logs as they record.
@MainActor
struct SubscriptionBookTests {
    @Test func liveSubscriptionsAreThoseNotEndedYet() {
        let log = EventLog(clock: { .zero })
        let book = SubscriptionBook()
        book.read(log)
        let subject = Subject<Int>()
        let first = subject.signal.traced("first", in: log).subscribe { _ in }
        let second = subject.signal.take(1).traced("second", in: log).subscribe { _ in }
        let third = subject.signal.traced("third", in: log).subscribe { _ in }
        #expect(book.liveSubscriptions.map(\.stream) == ["first", "second", "third"])
        subject.send(1)
        first.dispose()
        #expect(book.liveSubscriptions.map(\.stream) == ["third"], "second completed, first was disposed")
        #expect(book.liveSubscriptions.first?.number == log.events.first { $0.stream == "third" }?.number)
        second.dispose()
        third.dispose()
        #expect(book.liveSubscriptions.isEmpty)
    }

    @Test func aSubscriptionStillOpenWhenItsStartLeftTheFullLogIsStillLive() {
        let log = EventLog(clock: { .zero }, limit: 10)
        let book = SubscriptionBook()
        book.read(log)
        let subject = Subject<Int>()
        let kept = subject.signal.traced("kept", in: log).subscribe { _ in }
        let ended = subject.signal.traced("ended", in: log).subscribe { _ in }
        for value in 1...20 { subject.send(value) }
        #expect(!log.events.contains { $0.kind == .subscribed }, "both starts left the log")
        #expect(book.liveSubscriptions.map(\.stream) == ["kept", "ended"])
        ended.dispose()
        #expect(book.liveSubscriptions.map(\.stream) == ["kept"])
        kept.dispose()
        #expect(book.liveSubscriptions.isEmpty)
    }

    /// Kept when its start left the log, forgotten when its end leaves too.
    @Test func aSubscriptionWhoseStartAndEndBothLeftTheLogIsNotLive() {
        let log = EventLog(clock: { .zero }, limit: 10)
        let book = SubscriptionBook()
        book.read(log)
        let subject = Subject<Int>()
        let ended = subject.signal.traced("ended", in: log).subscribe { _ in }
        for value in 1...10 { subject.send(value) }
        #expect(book.liveSubscriptions.map(\.stream) == ["ended"], "its start left the log")
        ended.dispose()
        let filler = subject.signal.traced("filler", in: log).subscribe { _ in }
        defer { filler.dispose() }
        for value in 1...20 { subject.send(value) }
        #expect(!log.events.contains { $0.stream == "ended" }, "its end left the log too")
        #expect(book.liveSubscriptions.map(\.stream) == ["filler"])
    }

    @Test func aSubscriptionInOneLogEndedInAnotherIsNotLive() {
        let app = EventLog(clock: { .zero })
        let inputs = EventLog(clock: { .zero }, numberedWith: app)
        let book = SubscriptionBook()
        book.read(app)
        book.read(inputs)
        let started = inputs.record("row 1 · hidden", .subscribed)
        let other = app.record("row 1 · isVisible", .subscribed)
        #expect(book.liveSubscriptions.map(\.number) == [started, other])
        inputs.record("row 1 · hidden", .disposed, subscription: started)
        #expect(book.liveSubscriptions.map(\.number) == [other])
    }

    /// A row's `hidden` is recorded in the inputs' log and its join to isVisible in the app's:
    /// many joins later, the live row still reads isVisible, and the ended readers are forgotten.
    @Test func aLiveReaderKeepsItsJoinsWhateverLogItsStartIsIn() {
        let app = EventLog(clock: { .zero })
        let inputs = EventLog(clock: { .zero }, numberedWith: app)
        let book = SubscriptionBook()
        book.read(app)
        book.read(inputs)
        let visible = app.record("row 1 · isVisible", .subscribed)
        let hidden = inputs.record("row 1 · hidden", .subscribed)
        app.join(hidden, to: visible)
        for _ in 0..<10_001 {
            let reader = app.record("x", .subscribed)
            app.join(reader, to: visible)
            app.record("x", .completed, subscription: reader)
        }
        #expect(book.joins[hidden] == [visible])
        #expect(book.joins.count < 10_000, "the readers whose end was seen are forgotten")
        #expect(book.joins.count >= 2, "the latest ended readers are kept, to draw them")
    }

    @Test func anEndedReaderKeepsItsJoinsUntilThereAreMany() {
        let log = EventLog(clock: { .zero })
        let book = SubscriptionBook(forgetJoinsAt: 3)
        book.read(log)
        let source = log.record("s · sends", .subscribed)
        let readers = (0..<3).map { _ in log.record("m", .subscribed) }
        for reader in readers { log.join(reader, to: source) }
        log.record("m", .completed, subscription: readers[0])
        #expect(book.joins[readers[0]] == [source], "an ended subscription is still drawn with its edges")
        let later = log.record("m", .subscribed)
        log.join(later, to: source)
        #expect(book.joins.keys.sorted() == [readers[1], readers[2], later])
    }

    @Test func eventsAreFoundByNumberInLogsSharingASequence() {
        let app = EventLog(clock: { .zero })
        let inputs = EventLog(clock: { .zero }, numberedWith: app)
        app.record("a", .subscribed)
        inputs.record("b", .subscribed)
        app.record("a", .next("x"), subscription: 1)
        #expect(app.event(numbered: 3)?.kind == .next("x"))
        #expect(app.event(numbered: 2) == nil, "number 2 is the other log's")
        #expect(app.event(after: 1)?.number == 3)
        #expect(inputs.event(after: 2) == nil)
    }
}
