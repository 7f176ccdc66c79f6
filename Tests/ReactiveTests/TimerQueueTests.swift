import TestSupport
import Testing

@testable import Reactive

/// The timer queue's order, through the virtual scheduler: every event, in order. Lessons are
/// transcripts that depend on it, so any change of order must fail here first.
@MainActor
struct TimerQueueOrderTests {
    @Test func timersDueAtTheSameTimeRunInTheOrderTheyWereScheduled() {
        let scheduler = VirtualScheduler()
        var log: [String] = []
        for name in ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"] {
            scheduler.schedule(after: .seconds(1)) { log.append(name) }
        }
        scheduler.advance(by: .seconds(1))
        #expect(log == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"])
    }

    @Test func aTimerScheduledForNowByARunningTimerRunsAfterThoseAlreadyDue() {
        let scheduler = VirtualScheduler()
        var log: [String] = []
        scheduler.schedule(after: .seconds(1)) {
            log.append("a")
            scheduler.schedule(after: .zero) { log.append("a's child") }
        }
        scheduler.schedule(after: .seconds(1)) { log.append("b") }
        scheduler.schedule(after: .seconds(2)) { log.append("c") }
        scheduler.advance(by: .seconds(1))
        #expect(log == ["a", "b", "a's child"])
        #expect(scheduler.pendingCount == 1)
    }

    @Test func cancelledTimersAreSkippedAndTheRestKeepTheirOrder() {
        let scheduler = VirtualScheduler()
        var log: [Int] = []
        let timers = (0..<6).map { index in
            scheduler.schedule(after: .seconds(1)) { log.append(index) }
        }
        timers[0].dispose()
        timers[3].dispose()
        timers[3].dispose()  // twice: counted once
        #expect(scheduler.pendingCount == 4)
        #expect(scheduler.nextDueTime == .seconds(1))
        scheduler.advance(by: .seconds(1))
        #expect(log == [1, 2, 4, 5])
        #expect(scheduler.pendingCount == 0)
        #expect(scheduler.nextDueTime == nil)
    }

    @Test func cancellingTheEarliestMovesTheNextDueTime() {
        let scheduler = VirtualScheduler()
        let first = scheduler.schedule(after: .seconds(1)) {}
        scheduler.schedule(after: .seconds(3)) {}
        #expect(scheduler.nextDueTime == .seconds(1))
        first.dispose()
        #expect(scheduler.nextDueTime == .seconds(3))
        #expect(scheduler.pendingCount == 1)
    }

    @Test func aCancelledThenRescheduledTimerRunsAfterThoseScheduledBeforeIt() {
        let scheduler = VirtualScheduler()
        var log: [String] = []
        let a = scheduler.schedule(after: .seconds(1)) { log.append("a") }
        scheduler.schedule(after: .seconds(1)) { log.append("b") }
        a.dispose()
        scheduler.schedule(after: .seconds(1)) { log.append("a again") }
        scheduler.schedule(after: .milliseconds(500)) { log.append("c") }
        scheduler.advance(by: .seconds(1))
        #expect(log == ["c", "b", "a again"])
    }

    @Test func disposingATimerThatHasRunChangesNothing() {
        let scheduler = VirtualScheduler()
        var log: [String] = []
        let a = scheduler.schedule(after: .seconds(1)) { log.append("a") }
        scheduler.schedule(after: .seconds(2)) { log.append("b") }
        scheduler.advance(by: .seconds(1))
        a.dispose()
        #expect(scheduler.pendingCount == 1)
        scheduler.advance(by: .seconds(1))
        #expect(log == ["a", "b"])
    }

    @Test func aTimerCancelledByAnEarlierOneDueAtTheSameTimeNeverRuns() {
        let scheduler = VirtualScheduler()
        var log: [String] = []
        var b: (any Disposable)?
        scheduler.schedule(after: .seconds(1)) {
            log.append("a")
            b?.dispose()
        }
        b = scheduler.schedule(after: .seconds(1)) { log.append("b") }
        scheduler.schedule(after: .seconds(1)) { log.append("c") }
        scheduler.advance(by: .seconds(1))
        #expect(log == ["a", "c"])
    }

    @Test func cancelAllDropsEveryLiveTimerAndCountsOnlyThose() {
        let scheduler = VirtualScheduler()
        var ran = false
        let timers = (0..<10).map { _ in scheduler.schedule(after: .seconds(1)) { ran = true } }
        timers[2].dispose()
        #expect(scheduler.cancelAll() == 9)
        #expect(scheduler.pendingCount == 0)
        timers[5].dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: .seconds(2))
        #expect(!ran)
        scheduler.schedule(after: .seconds(1)) { ran = true }
        #expect(scheduler.pendingCount == 1)
        scheduler.advance(by: .seconds(1))
        #expect(ran)
    }

    /// Thousands of timers on few distinct times, two thirds of them cancelled (so the queue
    /// sweeps cancelled ones out), some rescheduling as they run: the order
    /// must be exactly a stable sort by due time of what was scheduled and not cancelled.
    @Test func manyTimersRunInDueTimeThenSchedulingOrder() {
        let scheduler = VirtualScheduler()
        var random = SeededRandom(seed: 7)
        var expected: [(due: Duration, label: Int)] = []
        var log: [(at: Duration, label: Int)] = []
        var timers: [(label: Int, timer: any Disposable)] = []
        var next = 0
        func schedule(after delay: Duration) {
            let label = next
            next += 1
            let due = scheduler.now + delay
            expected.append((due, label))
            let timer = scheduler.schedule(after: delay) {
                log.append((scheduler.now, label))
                // Every fifth timer schedules another, sometimes for this very moment.
                if label % 5 == 0 && next < 6000 { schedule(after: .milliseconds(random.next(below: 3) * 100)) }
            }
            timers.append((label, timer))
        }
        for _ in 0..<3000 { schedule(after: .milliseconds(random.next(below: 20) * 100)) }
        var cancelled: Set<Int> = []
        for (label, timer) in timers where random.next(below: 3) != 0 {
            timer.dispose()
            cancelled.insert(label)
        }
        #expect(scheduler.pendingCount == 3000 - cancelled.count)
        scheduler.advance(by: .seconds(1))
        // Cancel some more while time is stopped halfway.
        for (label, timer) in timers.suffix(500)
        where random.next(below: 4) == 0 && !log.contains(where: { $0.label == label }) {
            timer.dispose()
            cancelled.insert(label)
        }
        #expect(scheduler.runUntilIdle())
        let order = expected.enumerated()
            .filter { !cancelled.contains($0.element.label) }
            .sorted { ($0.element.due, $0.offset) < ($1.element.due, $1.offset) }
            .map { ($0.element.due, $0.element.label) }
        #expect(log.map(\.label) == order.map(\.1))
        #expect(log.map(\.at) == order.map(\.0))
        #expect(log.count > 1000)
    }
}
