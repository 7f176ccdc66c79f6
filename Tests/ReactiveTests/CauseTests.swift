import TestSupport
import Testing

@testable import Reactive

/// Every recorded event names what caused it: the event delivered while it happened, the
/// subscription that subscribed its source, the event that scheduled its timer, or the command.
@MainActor
struct CauseTests {
    /// "number stream kind ← cause" for each event, numbers as recorded.
    private func causes(_ log: EventLog) -> [String] {
        log.events.map { event in
            let cause = [event.cause.event.map { "e\($0)" }, event.cause.command.map { "#\($0)" }]
                .compactMap { $0 }.joined(separator: " ")
            return "\(event.number) \(event.stream) \(event.kind) ← \(cause.isEmpty ? "-" : cause)"
        }
    }

    @Test func aSubscriptionCausesItsSourcesAndAValueCausesWhatItBecomes() {
        let log = EventLog(clock: { .zero })
        let chain = Signal.sequence([1, 2]).traced("source", in: log).map { $0 * 10 }.traced("tens", in: log)
        _ = chain.subscribe { _ in }
        #expect(
            causes(log) == [
                "1 tens subscribed ← -",
                "2 source subscribed ← e1",
                "3 source next(\"1\") ← e2",
                "4 tens next(\"10\") ← e3",
                "5 source next(\"2\") ← e2",
                "6 tens next(\"20\") ← e5",
                "7 source completed ← e2",
                "8 tens completed ← e7",
            ])
        #expect(Cause.current == Cause(), "put back once the subscription returned")
    }

    @Test func aTimerRunsWithTheCauseItWasScheduledUnder() {
        let scheduler = VirtualScheduler()
        let log = EventLog(clock: { scheduler.now })
        let subject = Subject<Int>()
        _ = subject.signal.traced("shown", in: log).delay(.seconds(1), on: scheduler).traced("waited", in: log)
            .subscribe { _ in }
        Cause.running(Cause(command: 4)) { subject.send(1) }
        #expect(Cause.current == Cause())
        scheduler.advance(by: .seconds(1))
        #expect(
            causes(log) == [
                "1 waited subscribed ← -",
                "2 shown subscribed ← e1",
                "3 shown next(\"1\") ← #4",
                "4 waited next(\"1\") ← e3 #4",
            ])
        #expect(log.events.map(\.time) == [.zero, .zero, .zero, .seconds(1)])
        #expect(Cause.current == Cause(), "a fired timer puts the cause before it back")
    }

    @Test func aDisposalIsCausedByWhatWasRunningWhenItCame() {
        let log = EventLog(clock: { .zero })
        let hide = Subject<Void>()
        let never = Signal<Int>.never.traced("waiting", in: log).take(until: hide.signal.traced("hidden", in: log))
        _ = never.subscribe { _ in }
        hide.send(())
        #expect(
            causes(log) == [
                "1 hidden subscribed ← -",
                "2 waiting subscribed ← -",
                "3 hidden next(\"()\") ← -",
                "4 hidden disposed ← e3",
                "5 waiting disposed ← e3",
            ])
    }

    @Test func logsSharingASequenceNumberTheirEventsAsOne() {
        let app = EventLog(clock: { .zero })
        let inputs = EventLog(clock: { .zero }, numberedWith: app)
        let other = EventLog(clock: { .zero })
        app.record("a", .subscribed)
        inputs.record("b", .subscribed)
        app.record("a", .next("x"), subscription: 1)
        other.record("c", .subscribed)
        #expect(app.events.map(\.number) == [1, 3])
        #expect(inputs.events.map(\.number) == [2])
        #expect(other.events.map(\.number) == [1], "a log of its own counts from 1")
        #expect(app.lastNumber == 3)
    }

    @Test func anActionThatPausesStopsTheClockAtItsTime() {
        let scheduler = VirtualScheduler()
        var ran: [String] = []
        scheduler.schedule(after: .milliseconds(300)) { ran.append("a") }
        scheduler.schedule(after: .milliseconds(500)) {
            ran.append("b")
            scheduler.pause()
        }
        scheduler.schedule(after: .milliseconds(500)) { ran.append("c") }
        scheduler.schedule(after: .milliseconds(800)) { ran.append("d") }
        #expect(scheduler.advance(to: .seconds(1)) == false)
        #expect(ran == ["a", "b"])
        #expect(scheduler.now == .milliseconds(500), "stopped at the action that paused, not the target")
        #expect(scheduler.advance(to: .seconds(1)) == true)
        #expect(ran == ["a", "b", "c", "d"])
        #expect(scheduler.now == .seconds(1))
    }

    @Test func aPauseAskedOutsideAnAdvanceStopsNothing() {
        let scheduler = VirtualScheduler()
        var ran = 0
        scheduler.schedule(after: .milliseconds(100)) { ran += 1 }
        scheduler.pause()
        #expect(scheduler.advance(to: .seconds(1)))
        #expect(ran == 1)
    }

    @Test func joinedRecordsTheSubscriptionBeingMadeAsAReaderOfTheHotSource() {
        let log = EventLog(clock: { .zero })
        let subject = Subject<Int>()
        let source = log.record("subject · sends", .subscribed)
        var joins: [EventLog.Join] = []
        _ = log.joins.subscribeNext { joins.append($0) }
        let shared = subject.signal.joined(to: { source }, in: log)
        _ = shared.map { $0 + 1 }.traced("reader", in: log).subscribe { _ in }
        _ = shared.subscribe { _ in }
        let reader = log.events.first { $0.stream == "reader" }!.number
        #expect(
            joins == [EventLog.Join(reader: reader, source: source)],
            "a subscription made outside any recorded one joins nothing")
        let values = Recorder(shared)
        subject.send(4)
        #expect(values.events == ["4"], "the values pass unchanged")
    }
}

/// The cause's own arithmetic: what `running(event:)` keeps, and how a number past 32 bits is kept.
@MainActor
struct CauseValueTests {
    @Test func anEventRunsWithinTheCurrentCommandsWork() {
        var seen: [Cause] = []
        Cause.running(Cause(event: 2, command: 5)) {
            Cause.running(event: 9) { seen.append(Cause.current) }
            seen.append(Cause.current)
        }
        #expect(seen == [Cause(event: 9, command: 5), Cause(event: 2, command: 5)])
        #expect(Cause.current == Cause())
    }

    @Test func aNumberPast32BitsIsKeptAsTheLargestNotWrapped() {
        let huge = Int(Int32.max) + 5
        #expect(Cause(event: huge, command: huge) == Cause(event: Int(Int32.max), command: Int(Int32.max)))
        #expect(Cause(event: huge).event == Int(Int32.max), "not 4, another event's number")
        #expect(Cause(event: huge).command == nil)
    }
}
