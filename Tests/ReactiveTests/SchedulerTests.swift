import TestSupport
import Testing

@testable import Reactive

@MainActor
struct SchedulerTests {
    @Test func virtualSchedulerRunsByDueTimeThenBySequence() {
        let scheduler = VirtualScheduler()
        var log: [String] = []
        scheduler.schedule(after: .milliseconds(200)) { log.append("b@\(scheduler.now)") }
        scheduler.schedule(after: .milliseconds(100)) { log.append("a@\(scheduler.now)") }
        scheduler.schedule(after: .milliseconds(200)) { log.append("c@\(scheduler.now)") }
        scheduler.advance(by: .milliseconds(150))
        #expect(log == ["a@0.1 seconds"])
        #expect(scheduler.now == .milliseconds(150))
        scheduler.advance(by: .milliseconds(50))
        #expect(log == ["a@0.1 seconds", "b@0.2 seconds", "c@0.2 seconds"])
    }

    @Test func actionsScheduledWhileAdvancingRunIfDueInTheWindow() {
        let scheduler = VirtualScheduler()
        var log: [Duration] = []
        scheduler.schedule(after: .seconds(1)) {
            log.append(scheduler.now)
            scheduler.schedule(after: .seconds(1)) { log.append(scheduler.now) }
        }
        scheduler.advance(by: .milliseconds(1999))
        #expect(log == [.seconds(1)])
        scheduler.advance(by: .milliseconds(1))
        #expect(log == [.seconds(1), .seconds(2)])
    }

    @Test func aLongAdvanceAsksWhetherToStopEvery1024ActionsAndStopsWhereItWas() {
        let scheduler = VirtualScheduler()
        var ran = 0
        for n in 1...5000 { scheduler.schedule(after: .milliseconds(n)) { ran += 1 } }
        var asked = 0
        let reached = scheduler.advance(to: .seconds(10)) {
            asked += 1
            return asked == 2
        }
        // Asked after the 1024th action, then stopped after the 2048th: the clock at its time.
        #expect(!reached)
        #expect((ran, asked) == (2048, 2))
        #expect(scheduler.now == .milliseconds(2048))
        #expect(scheduler.advance(to: .seconds(10)) { false })
        #expect(ran == 5000 && scheduler.now == .seconds(10))
    }

    @Test func cancelledActionsNeverRunAndDoNotCountAsPending() {
        let scheduler = VirtualScheduler()
        var ran = false
        let timer = scheduler.schedule(after: .seconds(1)) { ran = true }
        #expect(scheduler.pendingCount == 1)
        timer.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: .seconds(2))
        #expect(!ran)
    }

    @Test func runUntilIdleStopsAtTheLimit() {
        let scheduler = VirtualScheduler()
        func tick() { scheduler.schedule(after: .seconds(1)) { tick() } }
        tick()
        #expect(!scheduler.runUntilIdle(limit: .seconds(10)))
        #expect(scheduler.now == .seconds(10))
        #expect(scheduler.cancelAll() == 1)
        #expect(scheduler.runUntilIdle())
    }

    @Test func delayShiftsValuesAndCompletionButNotFailures() {
        let scheduler = VirtualScheduler()
        let subject = Subject<Int>()
        var log: [String] = []
        subject.signal.delay(.seconds(1), on: scheduler).subscribe { event in
            log.append("\(scheduler.now): \(event)")
        }
        subject.send(1)
        scheduler.advance(by: .milliseconds(500))
        subject.send(2)
        #expect(log == [])
        scheduler.advance(by: .milliseconds(500))
        #expect(log == ["1.0 seconds: next(1)"])
        subject.send(error: TestError())
        #expect(log == ["1.0 seconds: next(1)", "1.0 seconds: failed(boom)"])
        scheduler.advance(by: .seconds(1))
        #expect(log.count == 2, "the pending value is cancelled by the failure")
    }

    @Test func disposingADelayedSignalCancelsItsTimers() {
        let scheduler = VirtualScheduler()
        var got: [Int] = []
        let subscription = Signal.just(1).delay(.seconds(1), on: scheduler).subscribeNext({ got.append($0) })
        #expect(scheduler.pendingCount == 2, "the value and the completion")
        subscription.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: .seconds(2))
        #expect(got == [])
    }

    @Test func timerAndDeliverOn() {
        let scheduler = VirtualScheduler()
        var log: [String] = []
        Signal<Void>.timer(after: .milliseconds(300), on: scheduler)
            .subscribe { log.append("timer \($0) at \(scheduler.now)") }
        Signal.just(5).deliver(on: scheduler).subscribe { log.append("deliver \($0)") }
        #expect(log == [])
        scheduler.advance()
        #expect(log == ["deliver next(5)", "deliver completed"])
        scheduler.advance(by: .milliseconds(300))
        #expect(Array(log.suffix(2)) == ["timer next() at 0.3 seconds", "timer completed at 0.3 seconds"])
    }
}

@MainActor
struct TimerBookkeepingTests {
    @Test func aLongDelayedStreamDeliversEveryValueAndDisposalCancelsOnlyThePendingOne() {
        let scheduler = VirtualScheduler()
        let subject = Subject<Int>()
        var received = 0
        let subscription = subject.signal.delay(.milliseconds(1), on: scheduler).subscribeNext { _ in received += 1 }
        for value in 0..<1000 {
            subject.send(value)
            scheduler.advance(by: .milliseconds(1))
        }
        subject.send(1000)
        #expect(received == 1000)
        #expect(scheduler.pendingCount == 1)
        subscription.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: .seconds(1))
        #expect(received == 1000)
    }
}

struct DurationTests {
    @Test func wholeMillisecondsAreExact() {
        #expect(Duration.milliseconds(300).wholeMilliseconds == 300)
        #expect((Duration.seconds(1) + .milliseconds(400)).wholeMilliseconds == 1400)
        #expect((Duration.milliseconds(100) * 3).wholeMilliseconds == 300)
        #expect(Duration.nanoseconds(999_999).wholeMilliseconds == 0)
        #expect(Duration.seconds(86_400 * 365).wholeMilliseconds == 31_536_000_000)
    }
}
