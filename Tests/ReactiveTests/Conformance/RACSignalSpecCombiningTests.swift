import Testing

@testable import Reactive

/// RACSignalSpec's cases for the operators that combine signals: `-takeUntil:`, `-merge:`,
/// `+merge:` (and `-bind:`'s merge case), `+combineLatestWith:`. Each step is taken 100 ms
/// after the one before, so every event's time shows which step sent it.
///
/// Left out, with the reason:
/// - `-takeUntilReplacement:` (9 cases): vmsh has no such operator.
/// - `+combineLatest:` (3 cases) and `+combineLatest:reduce:` (4): vmsh's combineLatest takes
///   exactly two signals; there is no list or reduce form.
/// - `+combineLatestWith:` "shouldn't create a retain cycle": a check of Objective-C memory
///   management (an autorelease pool), which Swift's ownership has no equivalent of here.
@MainActor
struct RACSignalSpecCombiningTests {
    let scheduler = VirtualScheduler()
    let sub1 = Subject<Int>()
    let sub2 = Subject<Int>()
    let step = Duration.milliseconds(100)

    @Test("-takeUntil: should support value as trigger")
    func takeUntilShouldSupportValueAsTrigger() {
        let subject = Subject<String>()
        let cutOff = Subject<Void>()
        let recorder = TimedRecorder(subject.signal.take(until: cutOff.signal), on: scheduler)
        subject.send("test 1")
        subject.send("test 2")
        scheduler.advance(by: step)
        cutOff.send(())
        scheduler.advance(by: step)
        subject.send("test 3")
        #expect(recorder.events == ["0: test 1", "0: test 2", "100: completed"])
    }

    @Test("-takeUntil: should support completion as trigger")
    func takeUntilShouldSupportCompletionAsTrigger() {
        let subject = Subject<String>()
        let cutOff = Subject<Void>()
        let recorder = TimedRecorder(subject.signal.take(until: cutOff.signal), on: scheduler)
        subject.send("test 1")
        scheduler.advance(by: step)
        cutOff.sendCompleted()
        scheduler.advance(by: step)
        subject.send("should not go through")
        #expect(recorder.events == ["0: test 1", "100: completed"])
    }

    @Test("-takeUntil: should squelch any values sent immediately upon subscription")
    func takeUntilShouldSquelchAnyValuesSentImmediatelyUponSubscription() {
        let recorder = TimedRecorder(Signal.just("unit").take(until: Signal<Void>.empty), on: scheduler)
        #expect(recorder.events == ["0: completed"])
    }

    /// The four cases `-merge:` and `+merge:` share, on the merged signal each builds.
    func sendsAllValuesFromBothSignals(_ merged: Signal<Int>) {
        let recorder = TimedRecorder(merged, on: scheduler)
        for (subject, value) in [(sub1, 1), (sub2, 2), (sub2, 3), (sub1, 4)] {
            scheduler.advance(by: step)
            subject.send(value)
        }
        #expect(recorder.events == ["100: 1", "200: 2", "300: 3", "400: 4"])
    }

    func sendsAnErrorIfOneOccurs(_ merged: Signal<Int>) {
        let recorder = TimedRecorder(merged, on: scheduler)
        scheduler.advance(by: step)
        sub1.send(error: TestError())
        sub2.send(2)
        #expect(recorder.events == ["100: error(boom)"])
    }

    func completesOnlyAfterBothSignalsComplete(_ merged: Signal<Int>) {
        let recorder = TimedRecorder(merged, on: scheduler)
        sub1.send(1)
        sub2.send(2)
        sub2.send(3)
        scheduler.advance(by: step)
        sub2.sendCompleted()
        #expect(recorder.events == ["0: 1", "0: 2", "0: 3"])
        scheduler.advance(by: step)
        sub1.send(4)
        sub1.sendCompleted()
        #expect(recorder.events == ["0: 1", "0: 2", "0: 3", "200: 4", "200: completed"])
    }

    func completesOnlyAfterBothSignalsCompleteForAnyNumberOfSubscribers(_ merged: Signal<Int>) {
        let first = TimedRecorder(merged, on: scheduler)
        let second = TimedRecorder(merged, on: scheduler)
        scheduler.advance(by: step)
        sub1.sendCompleted()
        #expect(first.events == [])
        #expect(second.events == [])
        scheduler.advance(by: step)
        sub2.sendCompleted()
        #expect(first.events == ["200: completed"])
        #expect(second.events == ["200: completed"])
    }

    @Test("-merge: should send all values from both signals")
    func mergeShouldSendAllValuesFromBothSignals() {
        sendsAllValuesFromBothSignals(sub1.signal.merge(with: sub2.signal))
    }

    @Test("-merge: should send an error if one occurs")
    func mergeShouldSendAnErrorIfOneOccurs() {
        sendsAnErrorIfOneOccurs(sub1.signal.merge(with: sub2.signal))
    }

    @Test("-merge: should complete only after both signals complete")
    func mergeShouldCompleteOnlyAfterBothSignalsComplete() {
        completesOnlyAfterBothSignalsComplete(sub1.signal.merge(with: sub2.signal))
    }

    @Test("-merge: should complete only after both signals complete for any number of subscribers")
    func mergeShouldCompleteOnlyAfterBothSignalsCompleteForAnyNumberOfSubscribers() {
        completesOnlyAfterBothSignalsCompleteForAnyNumberOfSubscribers(sub1.signal.merge(with: sub2.signal))
    }

    @Test("+merge: should send all values from both signals")
    func plusMergeShouldSendAllValuesFromBothSignals() {
        sendsAllValuesFromBothSignals(Signal.merge([sub1.signal, sub2.signal]))
    }

    @Test("+merge: should send an error if one occurs")
    func plusMergeShouldSendAnErrorIfOneOccurs() {
        sendsAnErrorIfOneOccurs(Signal.merge([sub1.signal, sub2.signal]))
    }

    @Test("+merge: should complete only after both signals complete")
    func plusMergeShouldCompleteOnlyAfterBothSignalsComplete() {
        completesOnlyAfterBothSignalsComplete(Signal.merge([sub1.signal, sub2.signal]))
    }

    @Test("+merge: should complete immediately when not given any signals")
    func plusMergeShouldCompleteImmediatelyWhenNotGivenAnySignals() {
        let recorder = TimedRecorder(Signal<Int>.merge([]), on: scheduler)
        #expect(recorder.events == ["0: completed"])
    }

    @Test("+merge: should complete only after both signals complete for any number of subscribers")
    func plusMergeShouldCompleteOnlyAfterBothSignalsCompleteForAnyNumberOfSubscribers() {
        completesOnlyAfterBothSignalsCompleteForAnyNumberOfSubscribers(Signal.merge([sub1.signal, sub2.signal]))
    }

    @Test("-bind: should not subscribe to signals following error in +merge:")
    func bindShouldNotSubscribeToSignalsFollowingErrorInMerge() {
        var firstSubscribed = false
        var secondSubscribed = false
        let first = Signal<Int> { observer in
            firstSubscribed = true
            observer.send(error: TestError())
            return nil
        }
        let second = Signal<Int> { observer in
            secondSubscribed = true
            observer.send(1)
            observer.sendCompleted()
            return nil
        }
        let recorder = TimedRecorder(Signal.merge([first, second]), on: scheduler)
        #expect(firstSubscribed)
        #expect(!secondSubscribed)
        #expect(recorder.events == ["0: error(boom)"])
    }

    /// combineLatest's pairs, as "left,right".
    func combined(_ left: Signal<Int>, _ right: Signal<Int>) -> Signal<String> {
        combineLatest(left, right).map { "\($0.0),\($0.1)" }
    }

    @Test("+combineLatestWith: should send next only once both signals send next")
    func combineLatestWithShouldSendNextOnlyOnceBothSignalsSendNext() {
        let recorder = TimedRecorder(combined(sub1.signal, sub2.signal), on: scheduler)
        sub1.send(1)
        #expect(recorder.events == [])
        scheduler.advance(by: step)
        sub2.send(2)
        #expect(recorder.events == ["100: 1,2"])
    }

    @Test("+combineLatestWith: should send nexts when either signal sends multiple times")
    func combineLatestWithShouldSendNextsWhenEitherSignalSendsMultipleTimes() {
        let recorder = TimedRecorder(combined(sub1.signal, sub2.signal), on: scheduler)
        for (subject, value) in [(sub1, 1), (sub2, 2), (sub1, 3), (sub2, 4)] {
            scheduler.advance(by: step)
            subject.send(value)
        }
        #expect(recorder.events == ["200: 1,2", "300: 3,2", "400: 3,4"])
    }

    @Test("+combineLatestWith: should complete when only both signals complete")
    func combineLatestWithShouldCompleteWhenOnlyBothSignalsComplete() {
        let recorder = TimedRecorder(combined(sub1.signal, sub2.signal), on: scheduler)
        scheduler.advance(by: step)
        sub1.sendCompleted()
        #expect(recorder.events == [])
        scheduler.advance(by: step)
        sub2.sendCompleted()
        #expect(recorder.events == ["200: completed"])
    }

    @Test("+combineLatestWith: should error when either signal errors")
    func combineLatestWithShouldErrorWhenEitherSignalErrors() {
        let recorder = TimedRecorder(combined(sub1.signal, sub2.signal), on: scheduler)
        scheduler.advance(by: step)
        sub1.send(error: TestError())
        #expect(recorder.events == ["100: error(boom)"])
    }

    /// The left side subscribed first, so it hears each value first and pairs it with the
    /// right side's previous one: RAC 2 sends that pair too, then the matching one.
    @Test("+combineLatestWith: should combine the same signal")
    func combineLatestWithShouldCombineTheSameSignal() {
        let recorder = TimedRecorder(combined(sub1.signal, sub1.signal), on: scheduler)
        sub1.send(1)
        #expect(recorder.events == ["0: 1,1"])
        scheduler.advance(by: step)
        sub1.send(2)
        #expect(recorder.events == ["0: 1,1", "100: 2,1", "100: 2,2"])
    }

    @Test("+combineLatestWith: should combine the same side-effecting signal")
    func combineLatestWithShouldCombineTheSameSideEffectingSignal() {
        var counter = 0
        let sideEffecting = Signal<Int> { observer in
            counter += 1
            observer.send(counter)
            observer.sendCompleted()
            return nil
        }
        let both = combined(sideEffecting, sideEffecting)
        #expect(counter == 0)
        let recorder = TimedRecorder(both, on: scheduler)
        #expect(counter == 2)
        #expect(recorder.events == ["0: 1,2", "0: completed"])
    }
}
