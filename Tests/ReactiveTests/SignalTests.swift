import TestSupport
import Testing

@testable import Reactive

@MainActor
struct SignalTests {
    @Test func coldSignalStartsWorkOnEverySubscription() {
        var starts = 0
        let signal = Signal<Int> { observer in
            starts += 1
            observer.send(starts)
            observer.sendCompleted()
            return nil
        }
        #expect(Recorder(signal).events == ["1", "completed"])
        #expect(Recorder(signal).events == ["2", "completed"])
    }

    @Test func nothingIsDeliveredAfterTermination() {
        let signal = Signal<Int> { observer in
            observer.send(1)
            observer.sendCompleted()
            observer.send(2)
            observer.send(error: TestError())
            return nil
        }
        #expect(Recorder(signal).events == ["1", "completed"])
    }

    @Test func disposingStopsDeliveryAndRunsCleanupOnce() {
        let subject = Subject<Int>()
        var cleanups = 0
        let signal = Signal<Int> { observer in
            let inner = subject.signal.subscribe(observer.send)
            return ActionDisposable {
                cleanups += 1
                inner.dispose()
            }
        }
        let recorder = Recorder(signal)
        subject.send(1)
        recorder.subscription?.dispose()
        recorder.subscription?.dispose()
        subject.send(2)
        #expect(recorder.events == ["1"])
        #expect(cleanups == 1)
        #expect(subject.subscriberCount == 0)
    }

    @Test func aCompositeForgetsARemovedChildWithoutDisposingIt() {
        let composite = CompositeDisposable()
        let kept = ActionDisposable()
        let removed = ActionDisposable()
        composite.add(kept)
        composite.add(removed)
        composite.remove(removed)
        composite.dispose()
        #expect(kept.isDisposed)
        #expect(!removed.isDisposed)
    }

    @Test func terminationDisposesUpstreamWork() {
        var cleaned = false
        let signal = Signal<Int> { observer in
            observer.sendCompleted()
            return ActionDisposable { cleaned = true }
        }
        _ = Recorder(signal)
        #expect(cleaned)
    }

    @Test func mapFilterSkipTake() {
        let values = Signal.sequence([1, 2, 3, 4, 5, 6])
        #expect(Recorder(values.map { $0 * 10 }).events == ["10", "20", "30", "40", "50", "60", "completed"])
        #expect(Recorder(values.filter { $0.isMultiple(of: 2) }).events == ["2", "4", "6", "completed"])
        #expect(Recorder(values.skip(4)).events == ["5", "6", "completed"])
        #expect(Recorder(values.take(2)).events == ["1", "2", "completed"])
    }

    @Test func distinctUntilChangedDropsRepeatsOnly() {
        let values = Signal.sequence([1, 1, 2, 2, 1, 3, 3])
        #expect(Recorder(values.distinctUntilChanged()).events == ["1", "2", "1", "3", "completed"])
    }

    @Test func doNextRunsBeforeDownstream() {
        var log: [String] = []
        let signal = Signal.sequence([1, 2]).doNext { log.append("do \($0)") }
        signal.subscribeNext({ log.append("got \($0)") })
        #expect(log == ["do 1", "got 1", "do 2", "got 2"])
    }

    @Test func catchReplacesFailure() {
        let failing = Signal<Int>.fail(TestError()).startWith(1)
        #expect(Recorder(failing).events == ["1", "error(boom)"])
        #expect(Recorder(failing.catch { _ in .just(9) }).events == ["1", "9", "completed"])
    }

    @Test func combineLatestWaitsForBothThenSendsEachChange() {
        let a = Subject<Int>()
        let b = Subject<String>()
        let recorder = Recorder(combineLatest(a.signal, b.signal)) { "\($0.0)\($0.1)" }
        a.send(1)
        a.send(2)
        b.send("x")
        a.send(3)
        b.send("y")
        a.sendCompleted()
        #expect(recorder.events == ["2x", "3x", "3y"])
        b.sendCompleted()
        #expect(recorder.events == ["2x", "3x", "3y", "completed"])
    }

    @Test func combineLatestFailsWhenEitherFails() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(combineLatest(a.signal, b.signal)) { "\($0.0)+\($0.1)" }
        a.send(1)
        b.send(error: TestError())
        #expect(recorder.events == ["error(boom)"])
        #expect(a.subscriberCount == 0, "the failure disposes the other side")
    }

    @Test func takeUntilCompletesOnTriggerAndDisposesSource() {
        let source = Subject<Int>()
        let trigger = Subject<Void>()
        let recorder = Recorder(source.signal.take(until: trigger.signal))
        source.send(1)
        trigger.send(())
        source.send(2)
        #expect(recorder.events == ["1", "completed"])
        #expect(source.subscriberCount == 0)
        #expect(trigger.subscriberCount == 0)
    }

    @Test func flatMapLatestCancelsThePreviousInnerSignal() {
        let outer = Subject<String>()
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(outer.signal.flatMapLatest { $0 == "a" ? a.signal : b.signal })
        outer.send("a")
        a.send(1)
        outer.send("b")
        a.send(2)
        b.send(3)
        #expect(recorder.events == ["1", "3"])
        #expect(a.subscriberCount == 0)
        outer.sendCompleted()
        #expect(recorder.events == ["1", "3"], "still waiting for the latest inner signal")
        b.sendCompleted()
        #expect(recorder.events == ["1", "3", "completed"])
    }

    @Test func mergeSendsAllInnerValuesAndCompletesLast() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(Signal.merge([a.signal, b.signal]))
        a.send(1)
        b.send(2)
        a.send(3)
        a.sendCompleted()
        #expect(recorder.events == ["1", "2", "3"])
        b.sendCompleted()
        #expect(recorder.events == ["1", "2", "3", "completed"])
    }

    @Test func thenWaitsForCompletion() {
        let first = Subject<Int>()
        let recorder = Recorder(first.signal.then(Signal.just("next")))
        first.send(1)
        #expect(recorder.events == [])
        first.sendCompleted()
        #expect(recorder.events == ["next", "completed"])
    }

    @Test func onReportsSubscriptionEventsAndDisposal() {
        var log: [String] = []
        let subject = Subject<Int>()
        let traced = subject.signal.on(
            subscribed: { log.append("subscribed") },
            event: { log.append("\($0)") },
            disposed: { log.append("disposed") }
        )
        let subscription = traced.subscribe { _ in }
        subject.send(7)
        subscription.dispose()
        #expect(log == ["subscribed", "next(7)", "disposed"])

        log = []
        let finished = Signal.just(1).on(
            subscribed: { log.append("subscribed") },
            event: { log.append("\($0)") },
            disposed: { log.append("disposed") }
        )
        _ = Recorder(finished)
        #expect(log == ["subscribed", "next(1)", "completed"], "a terminated signal is not reported as disposed")
    }
}

@MainActor
struct SharingAndTracingTests {
    @Test func coldSignalsCallTwiceReplayLazilyCallsOnce() {
        var calls = 0
        let scheduler = VirtualScheduler()
        let cold = Signal<Int> { observer in
            calls += 1
            return scheduler.schedule(after: .seconds(1)) {
                observer.send(calls)
                observer.sendCompleted()
            }
        }
        let first = Recorder(cold)
        let second = Recorder(cold)
        scheduler.advance(by: .seconds(1))
        #expect(calls == 2)
        #expect(first.events == ["2", "completed"])

        calls = 0
        let shared = cold.replayLazily()
        let a = Recorder(shared)
        let b = Recorder(shared)
        scheduler.advance(by: .seconds(1))
        let late = Recorder(shared)
        #expect(calls == 1)
        #expect(a.events == ["1", "completed"])
        #expect(b.events == ["1", "completed"])
        #expect(late.events == ["1", "completed"], "a late subscriber gets the replay")
        _ = second
    }

    @Test func tracedRecordsTheLifecycleWithTime() {
        let scheduler = VirtualScheduler()
        let log = EventLog(clock: { scheduler.now })
        let subject = Subject<Int>()
        let live = Recorder(log.live) { "\($0.stream) \($0.kind)" }
        let subscription = subject.signal.traced("numbers", in: log).subscribe { _ in }
        scheduler.advance(by: .milliseconds(250))
        subject.send(4)
        subscription.dispose()
        _ = Signal<Int>.fail(TestError()).traced("failing", in: log).subscribe { _ in }
        _ = Signal.just(1).traced("done", in: log) { "value \($0)" }.subscribe { _ in }
        #expect(
            log.events.map { "\($0.time) \($0.stream) \($0.kind)" } == [
                "0.0 seconds numbers subscribed",
                "0.25 seconds numbers next(\"4\")",
                "0.25 seconds numbers disposed",
                "0.25 seconds failing subscribed",
                "0.25 seconds failing failed(\"boom\")",
                "0.25 seconds done subscribed",
                "0.25 seconds done next(\"value 1\")",
                "0.25 seconds done completed",
            ])
        #expect(live.events.count == 8)
    }

    @Test func theLogKeepsOnlyTheNewestEvents() {
        let log = EventLog(clock: { .zero }, limit: 3)
        for index in 1...5 { log.record("s", .next("\(index)")) }
        #expect(log.events.map(\.kind) == [.next("3"), .next("4"), .next("5")])
    }
}
