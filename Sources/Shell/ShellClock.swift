#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Reactive

/// The shell's time: virtual (moves only on `wait`) or live (real time, timers run by the loop).
@MainActor
public enum ShellClock {
    case virtual(VirtualScheduler)
    case live(LiveScheduler)

    public var scheduler: any Scheduler {
        switch self {
        case .virtual(let scheduler): scheduler
        case .live(let scheduler): scheduler
        }
    }

    /// The number of timers waiting to run: the shell's measure of pending work.
    public var pendingCount: Int {
        switch self {
        case .virtual(let scheduler): scheduler.pendingCount
        case .live(let scheduler): scheduler.pendingCount
        }
    }

    /// Prefix for output lines: the virtual time, so transcripts show when things happened.
    var stamp: String {
        guard case .virtual(let scheduler) = self else { return "" }
        return "[\(Self.format(scheduler.now))] "
    }

    /// "00:01.400": minutes, seconds and milliseconds.
    static func format(_ time: Duration) -> String {
        let totalMS = Int(time.wholeMilliseconds)
        let minutes = totalMS / 60_000
        let seconds = (totalMS / 1000) % 60
        let ms = totalMS % 1000
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(ms, 3))"
    }

    /// Lets `interval` pass, running every timer that falls due, in order; under the live clock
    /// it returns early when `interrupted` says so (Ctrl-C). False when interrupted.
    @discardableResult
    public func wait(_ interval: Duration, interrupted: () -> Bool = { false }) -> Bool {
        switch self {
        case .virtual(let scheduler):
            scheduler.advance(by: interval)
            return true
        case .live(let scheduler):
            let deadline = scheduler.now + interval
            while scheduler.now < deadline {
                if interrupted() { return false }
                scheduler.runDue()
                let remaining = deadline - scheduler.now
                Self.sleep(min(remaining, scheduler.timeUntilNextDue ?? remaining), waking: scheduler.mailbox.wakeFD)
            }
            scheduler.runDue()
            return true
        }
    }

    /// Runs timers until none is pending or `limit` has passed; true when idle.
    @discardableResult
    public func waitUntilIdle(limit: Duration, interrupted: () -> Bool = { false }) -> Bool {
        switch self {
        case .virtual(let scheduler):
            return scheduler.runUntilIdle(limit: limit)
        case .live(let scheduler):
            let deadline = scheduler.now + limit
            scheduler.runDue()
            while scheduler.pendingCount > 0, scheduler.now < deadline, !interrupted() {
                let remaining = deadline - scheduler.now
                Self.sleep(min(scheduler.timeUntilNextDue ?? remaining, remaining), waking: scheduler.mailbox.wakeFD)
                scheduler.runDue()
            }
            return scheduler.pendingCount == 0
        }
    }

    /// Runs what is due now without waiting (between script lines under the live clock).
    public func runDue() {
        if case .live(let scheduler) = self { scheduler.runDue() }
    }

    /// Drops every pending timer; returns how many there were.
    @discardableResult
    public func cancelAll() -> Int {
        switch self {
        case .virtual(let scheduler): scheduler.cancelAll()
        case .live(let scheduler): scheduler.cancelAll()
        }
    }

    /// Sleeps for `interval`, or less if `wakeFD` becomes readable (work posted from another thread).
    static func sleep(_ interval: Duration, waking wakeFD: Int32) {
        guard interval > .zero else { return }
        var descriptor = pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, interval.pollMilliseconds)
    }
}

extension Duration {
    /// Whole milliseconds for `poll()`, rounded up so a timer is never polled too early and spun on.
    var pollMilliseconds: Int32 {
        Int32(clamping: max((self + .nanoseconds(999_999)).wholeMilliseconds, 0))
    }
}

extension ShellClock {
    var isLive: Bool {
        if case .live = self { return true }
        return false
    }
}
