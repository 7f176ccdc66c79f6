import EventLoop
import Reactive
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@MainActor
struct LiveSchedulerTests {
    @Test func liveSchedulerRunsOnlyWhatIsDue() {
        let scheduler = LiveScheduler()
        var ran: [String] = []
        scheduler.schedule(after: .zero) { ran.append("now") }
        scheduler.schedule(after: .seconds(60)) { ran.append("later") }
        scheduler.runDue()
        #expect(ran == ["now"])
        #expect(scheduler.pendingCount == 1)
        #expect(scheduler.timeUntilNextDue! > .seconds(50))
        #expect(scheduler.cancelAll() == 1)
        #expect(scheduler.timeUntilNextDue == nil)
    }

    @Test func aPostWakesASleepAndRunsOnTheMainThreadsTurn() {
        let scheduler = LiveScheduler()
        var ran = false
        scheduler.mailbox.post { ran = true }
        #expect(Wait.sleep(for: .seconds(5), wakeFD: scheduler.mailbox.wakeFD) == .wakeUp)
        #expect(!ran, "posted work waits for the loop")
        scheduler.runDue()
        #expect(ran)
        #expect(Wait.sleep(for: .milliseconds(1), wakeFD: scheduler.mailbox.wakeFD) == .timeout)
    }

    @Test func inputEndsASleep() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        #expect(Wait.sleep(for: .milliseconds(1), input: fds[0]) == .timeout)
        var byte: UInt8 = 65
        #expect(write(fds[1], &byte, 1) == 1)
        #expect(Wait.sleep(for: .seconds(5), input: fds[0]) == .input)
    }

    @Test func pollTimeOutsRoundUpAndNeverOverflow() {
        #expect(Duration.nanoseconds(1).pollMilliseconds == 1)
        #expect(Duration.milliseconds(250).pollMilliseconds == 250)
        #expect(Duration.zero.pollMilliseconds == 0)
        #expect(Duration.seconds(Int64.max / 2).pollMilliseconds == Int32.max)
    }

    @Test func whatATimerSchedulesIsTimedFromWhenItWasDueNotFromWhenItRan() {
        let scheduler = LiveScheduler()
        var followUpDue: Duration?
        var firstDue: Duration?
        scheduler.schedule(after: .milliseconds(1)) {
            firstDue = scheduler.now
            scheduler.schedule(after: .milliseconds(10)) {}
            followUpDue = scheduler.nextDueTime
        }
        // The loop gets to the timer late.
        let late = ContinuousClock.now + .milliseconds(30)
        while ContinuousClock.now < late {}
        scheduler.runDue()
        #expect(firstDue != nil)
        #expect((firstDue ?? .seconds(1)) < .milliseconds(20), "while it runs, now is when it was due")
        #expect(followUpDue == firstDue.map { $0 + .milliseconds(10) })
        #expect(scheduler.now > .milliseconds(30), "outside a timer, now is the real time")
    }
}
