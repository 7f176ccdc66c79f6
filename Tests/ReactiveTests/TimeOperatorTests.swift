import TestSupport
import Testing

@testable import Reactive

/// interval and the two throttles on the virtual scheduler: every value, with its time, in order.
@MainActor
struct TimeOperatorTests {
    let scheduler = VirtualScheduler()

    /// Sends `values` at the given milliseconds, then completes at `end`.
    func typed(_ values: [(Int, String)], end: Int) -> Signal<String> {
        Signal { observer in
            let all = CompositeDisposable()
            for (time, value) in values {
                all.add(self.scheduler.schedule(after: .milliseconds(time)) { observer.send(value) })
            }
            all.add(self.scheduler.schedule(after: .milliseconds(end)) { observer.sendCompleted() })
            return all
        }
    }

    @Test func intervalCountsUpEveryPeriodUntilDisposed() {
        let ticks = TimedRecorder(Signal.interval(.milliseconds(300), on: scheduler), on: scheduler)
        scheduler.advance(by: .milliseconds(1000))
        #expect(ticks.events == ["300: 0", "600: 1", "900: 2"])
        ticks.subscription?.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: .seconds(1))
        #expect(ticks.events.count == 3)
    }

    @Test func eachIntervalSubscriptionHasItsOwnCount() {
        let ticks = Signal.interval(.milliseconds(100), on: scheduler)
        let first = TimedRecorder(ticks, on: scheduler)
        scheduler.advance(by: .milliseconds(200))
        let second = TimedRecorder(ticks, on: scheduler)
        scheduler.advance(by: .milliseconds(200))
        #expect(first.events == ["100: 0", "200: 1", "300: 2", "400: 3"])
        #expect(second.events == ["300: 0", "400: 1"])
    }

    @Test func throttleLeadingLetsTheFirstThroughThenTheLatestOfEachWindow() {
        let keys = typed([(0, "s"), (50, "su"), (120, "sun"), (250, "suns"), (600, "sunse")], end: 650)
        let recorder = TimedRecorder(keys.throttleLeading(.milliseconds(100), on: scheduler), on: scheduler)
        scheduler.runUntilIdle()
        #expect(recorder.events == ["0: s", "100: su", "200: sun", "300: suns", "600: sunse", "650: completed"])
    }

    @Test func throttleWaitsForAPause() {
        let keys = typed([(0, "s"), (50, "su"), (120, "sun"), (400, "suns"), (450, "sunse")], end: 700)
        let recorder = TimedRecorder(keys.throttle(.milliseconds(200), on: scheduler), on: scheduler)
        scheduler.runUntilIdle()
        #expect(recorder.events == ["320: sun", "650: sunse", "700: completed"])
    }

    @Test func throttleSendsTheWaitingValueWhenTheSourceCompletes() {
        let keys = typed([(0, "a"), (50, "b")], end: 100)
        let recorder = TimedRecorder(keys.throttle(.milliseconds(200), on: scheduler), on: scheduler)
        scheduler.runUntilIdle()
        #expect(recorder.events == ["100: b", "100: completed"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func bothThrottlesPassAFailureAtOnce() {
        let subject = Subject<Int>()
        let throttled = TimedRecorder(
            subject.signal.throttleLeading(.milliseconds(100), on: scheduler), on: scheduler)
        let debounced = TimedRecorder(subject.signal.throttle(.milliseconds(100), on: scheduler), on: scheduler)
        subject.send(1)
        subject.send(2)
        scheduler.advance(by: .milliseconds(50))
        subject.send(error: TestError())
        scheduler.runUntilIdle()
        #expect(throttled.events == ["0: 1", "50: error(boom)"])
        #expect(debounced.events == ["50: error(boom)"])
    }
}
