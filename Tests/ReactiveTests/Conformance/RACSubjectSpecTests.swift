import Testing

@testable import Reactive

/// RACSubjectSpec's cases for RACSubject (vmsh's Subject) and RACReplaySubject (ReplaySubject).
/// RAC's subject is also a subscriber of other signals; vmsh's is not, so RACSubscriberExamples'
/// "multiple subscriptions" cases feed the subject from `first` and `second` by hand, as RAC's
/// subscription does. Each step is taken 100 ms after the one before.
///
/// Left out, with the reason:
/// - RACSubject "should dispose the paired disposable when a subscription terminates", and
///   RACSubscriberExamples "should dispose of all current subscriptions upon termination",
///   "should dispose of future subscriptions upon termination", "should not retain disposed
///   disposables": vmsh's Subject is not a subscriber, so it holds no upstream subscriptions.
/// - "should accept a nil error", "should resend nil errors": a Swift error is never nil.
/// - "should send nexts serially, even when delivered from multiple threads", "should send
///   values in the same order live as when replaying", "should have a current scheduler when
///   replaying": threads and GCD queues; vmsh delivers on the main actor only.
/// - "should stop replaying when the subscription is disposed": a subscriber disposes itself
///   from a background queue mid-replay; vmsh's subscriber holds its disposable only once
///   `subscribe` returns, after the replay, on the main actor.
@MainActor
struct RACSubjectSpecTests {
    let scheduler = VirtualScheduler()
    let step = Duration.milliseconds(100)

    /// What RAC's `[signal subscribe:subject]` does: every event of `signal` goes into `subject`.
    @discardableResult
    func feed(_ subject: Subject<String>, from signal: Signal<String>) -> any Disposable {
        signal.subscribe { event in
            switch event {
            case .next(let value): subject.send(value)
            case .failed(let error): subject.send(error: error)
            case .completed: subject.sendCompleted()
            }
        }
    }

    @Test("RACSubscriberExamples multiple subscriptions: should send values from all subscriptions")
    func multipleSubscriptionsShouldSendValuesFromAllSubscriptions() {
        let subject = Subject<String>()
        let first = Subject<String>()
        let second = Subject<String>()
        let recorder = TimedRecorder(subject.signal, on: scheduler)
        feed(subject, from: first.signal)
        feed(subject, from: second.signal)
        for (sender, value) in [(first, "foo"), (second, "bar"), (first, "buzz"), (second, "baz")] {
            scheduler.advance(by: step)
            sender.send(value)
        }
        #expect(recorder.events == ["100: foo", "200: bar", "300: buzz", "400: baz"])
    }

    @Test("RACSubscriberExamples multiple subscriptions: should terminate after the first error from any subscription")
    func multipleSubscriptionsShouldTerminateAfterTheFirstErrorFromAnySubscription() {
        let subject = Subject<String>()
        let first = Subject<String>()
        let second = Subject<String>()
        let recorder = TimedRecorder(subject.signal, on: scheduler)
        feed(subject, from: first.signal)
        feed(subject, from: second.signal)
        first.send("foo")
        scheduler.advance(by: step)
        second.send(error: TestError())
        scheduler.advance(by: step)
        first.send("buzz")
        #expect(recorder.events == ["0: foo", "100: error(boom)"])
    }

    @Test(
        "RACSubscriberExamples multiple subscriptions: should terminate after the first completed from any subscription"
    )
    func multipleSubscriptionsShouldTerminateAfterTheFirstCompletedFromAnySubscription() {
        let subject = Subject<String>()
        let first = Subject<String>()
        let second = Subject<String>()
        let recorder = TimedRecorder(subject.signal, on: scheduler)
        feed(subject, from: first.signal)
        feed(subject, from: second.signal)
        first.send("foo")
        second.send("bar")
        scheduler.advance(by: step)
        first.sendCompleted()
        scheduler.advance(by: step)
        second.send("baz")
        #expect(recorder.events == ["0: foo", "0: bar", "100: completed"])
    }

    @Test("RACReplaySubject with a capacity of 1: should send the last value")
    func replaySubjectWithACapacityOf1ShouldSendTheLastValue() {
        let subject = ReplaySubject<String>(capacity: 1)
        subject.send("blah")
        subject.send("more blah")
        scheduler.advance(by: step)
        let recorder = TimedRecorder(subject.signal, on: scheduler)
        #expect(recorder.events == ["100: more blah"])
    }

    @Test("RACReplaySubject with a capacity of 1: should send the last value to new subscribers after completion")
    func replaySubjectWithACapacityOf1ShouldSendTheLastValueToNewSubscribersAfterCompletion() {
        let subject = ReplaySubject<String>(capacity: 1)
        subject.send("blah")
        subject.send("more blah")
        subject.sendCompleted()
        scheduler.advance(by: step)
        let recorder = TimedRecorder(subject.signal, on: scheduler)
        #expect(recorder.events == ["100: more blah", "100: completed"])
    }

    @Test(
        "RACReplaySubject with a capacity of 1: should not send any values to new subscribers if none were sent originally"
    )
    func replaySubjectWithACapacityOf1ShouldNotSendAnyValuesToNewSubscribersIfNoneWereSentOriginally() {
        let subject = ReplaySubject<String>(capacity: 1)
        subject.sendCompleted()
        scheduler.advance(by: step)
        let recorder = TimedRecorder(subject.signal, on: scheduler)
        #expect(recorder.events == ["100: completed"])
    }

    @Test("RACReplaySubject with a capacity of 1: should resend errors")
    func replaySubjectWithACapacityOf1ShouldResendErrors() {
        let subject = ReplaySubject<String>(capacity: 1)
        subject.send(error: TestError())
        scheduler.advance(by: step)
        let recorder = TimedRecorder(subject.signal, on: scheduler)
        #expect(recorder.events == ["100: error(boom)"])
    }

    @Test(
        "RACReplaySubject with a capacity of 1: should send same latest value to multiple subscribers in another subscription"
    )
    func replaySubjectWithACapacityOf1ShouldSendSameLatestValueToMultipleSubscribersInAnotherSubscription() {
        let subject = ReplaySubject<Int>(capacity: 1)
        var values: [Int] = []
        subject.signal.subscribeNext { value in
            values.append(value)
            subject.signal.take(1).subscribeNext { values.append($0) }
        }
        subject.send(1)
        subject.send(2)
        #expect(values == [1, 1, 2, 2])
    }

    @Test("RACReplaySubject with an unlimited capacity: should send both values to new subscribers after completion")
    func replaySubjectWithAnUnlimitedCapacityShouldSendBothValuesToNewSubscribersAfterCompletion() {
        let subject = ReplaySubject<String>(capacity: .max)
        subject.send("foo")
        subject.send("bar")
        subject.sendCompleted()
        scheduler.advance(by: step)
        let recorder = TimedRecorder(subject.signal, on: scheduler)
        #expect(recorder.events == ["100: foo", "100: bar", "100: completed"])
    }

    @Test("RACReplaySubject with an unlimited capacity: should finish replaying before completing")
    func replaySubjectWithAnUnlimitedCapacityShouldFinishReplayingBeforeCompleting() {
        let subject = ReplaySubject<Int>(capacity: .max)
        subject.send(1)
        scheduler.advance(by: step)
        let recorder = TimedRecorder(subject.signal, on: scheduler)
        subject.sendCompleted()
        #expect(recorder.events == ["100: 1", "100: completed"])
    }

    @Test("RACReplaySubject with an unlimited capacity: should finish replaying before erroring")
    func replaySubjectWithAnUnlimitedCapacityShouldFinishReplayingBeforeErroring() {
        let subject = ReplaySubject<Int>(capacity: .max)
        subject.send(1)
        scheduler.advance(by: step)
        let recorder = TimedRecorder(subject.signal, on: scheduler)
        subject.send(error: TestError())
        #expect(recorder.events == ["100: 1", "100: error(boom)"])
    }

    @Test("RACReplaySubject with an unlimited capacity: should finish replaying before sending new values")
    func replaySubjectWithAnUnlimitedCapacityShouldFinishReplayingBeforeSendingNewValues() {
        let subject = ReplaySubject<Int>(capacity: .max)
        subject.send(1)
        scheduler.advance(by: step)
        let recorder = TimedRecorder(subject.signal, on: scheduler)
        scheduler.advance(by: step)
        subject.send(2)
        #expect(recorder.events == ["100: 1", "200: 2"])
    }
}
