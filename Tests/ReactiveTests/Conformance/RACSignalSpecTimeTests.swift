import TestSupport
import Testing

@testable import Reactive

/// RACSignalSpec's cases for the operators that move events in time (`describe(@"throttling")`,
/// `-delay:`, `+interval:onScheduler:`), and for disposing a subscription before a scheduled
/// event, on the virtual clock. RAC's specs use an interval of 0
/// and `toEventually`; here the interval is 100 ms, so "eventually" is an event at 100 ms.
///
/// Left out, with the reason:
/// - `-throttle:valuesPassingTest:` (all 8 cases): vmsh's throttle takes no predicate.
/// - `+interval:onScheduler:withLeeway:` (2 cases): vmsh's interval has no leeway.
/// - `+interval:onScheduler:` "should work on a background scheduler": vmsh runs on the main
///   actor, with one scheduler per clock; the main-thread case stands for both.
/// - `-timeout:onScheduler:`, `-bufferWithTime:onScheduler:`: in RACSignalSpecRecoveryTests.swift.
@MainActor
struct RACSignalSpecTimeTests {
    let scheduler = VirtualScheduler()
    let subject = Subject<String>()
    let interval = Duration.milliseconds(100)

    @Test("subscribing: shouldn't get anything after dispose")
    func subscribingShouldntGetAnythingAfterDispose() {
        let signal = Signal<Int> { observer in
            observer.send(0)
            self.scheduler.schedule(after: .milliseconds(100)) { observer.send(1) }
            return nil
        }
        let recorder = TimedRecorder(signal, on: scheduler)
        #expect(recorder.events == ["0: 0"])
        recorder.subscription?.dispose()
        scheduler.runUntilIdle()
        #expect(recorder.events == ["0: 0"])
    }

    @Test("-throttle: should throttle nexts")
    func throttleShouldThrottleNexts() {
        let recorder = TimedRecorder(subject.signal.throttle(interval, on: scheduler), on: scheduler)
        subject.send("foo")
        subject.send("bar")
        #expect(recorder.events == [])
        scheduler.advance(by: interval)
        #expect(recorder.events == ["100: bar"])
        subject.send("buzz")
        #expect(recorder.events == ["100: bar"])
        scheduler.advance(by: interval)
        #expect(recorder.events == ["100: bar", "200: buzz"])
    }

    @Test("-throttle: should forward completed immediately")
    func throttleShouldForwardCompletedImmediately() {
        let recorder = TimedRecorder(subject.signal.throttle(interval, on: scheduler), on: scheduler)
        subject.sendCompleted()
        #expect(recorder.events == ["0: completed"])
    }

    @Test("-throttle: should forward errors immediately")
    func throttleShouldForwardErrorsImmediately() {
        let recorder = TimedRecorder(subject.signal.throttle(interval, on: scheduler), on: scheduler)
        subject.send(error: TestError())
        #expect(recorder.events == ["0: error(boom)"])
    }

    @Test("-throttle: should cancel future nexts when disposed")
    func throttleShouldCancelFutureNextsWhenDisposed() {
        let recorder = TimedRecorder(subject.signal.throttle(interval, on: scheduler), on: scheduler)
        subject.send("foo")
        recorder.subscription?.dispose()
        scheduler.advance(by: interval)
        #expect(recorder.events == [])
        #expect(scheduler.pendingCount == 0)
    }

    @Test("-delay: should delay nexts")
    func delayShouldDelayNexts() {
        let recorder = TimedRecorder(subject.signal.delay(interval, on: scheduler), on: scheduler)
        subject.send("foo")
        #expect(recorder.events == [])
        scheduler.advance(by: interval)
        #expect(recorder.events == ["100: foo"])
    }

    @Test("-delay: should delay completed")
    func delayShouldDelayCompleted() {
        let recorder = TimedRecorder(subject.signal.delay(interval, on: scheduler), on: scheduler)
        subject.sendCompleted()
        #expect(recorder.events == [])
        scheduler.advance(by: interval)
        #expect(recorder.events == ["100: completed"])
    }

    @Test("-delay: should not delay errors")
    func delayShouldNotDelayErrors() {
        let recorder = TimedRecorder(subject.signal.delay(interval, on: scheduler), on: scheduler)
        subject.send(error: TestError())
        #expect(recorder.events == ["0: error(boom)"])
    }

    @Test("-delay: should cancel delayed events when disposed")
    func delayShouldCancelDelayedEventsWhenDisposed() {
        let recorder = TimedRecorder(subject.signal.delay(interval, on: scheduler), on: scheduler)
        subject.send("foo")
        recorder.subscription?.dispose()
        scheduler.advance(by: interval)
        #expect(recorder.events == [])
        #expect(scheduler.pendingCount == 0)
    }

    /// RAC sends the date of each tick; vmsh sends a count. The spec's measure is the time.
    @Test("+interval:onScheduler: should work on the main thread scheduler")
    func intervalOnSchedulerShouldWorkOnTheMainThreadScheduler() {
        let ticks = Signal.interval(interval, on: scheduler).take(3)
        let recorder = TimedRecorder(ticks, on: scheduler)
        scheduler.runUntilIdle()
        #expect(recorder.events == ["100: 0", "200: 1", "300: 2", "300: completed"])
    }
}
