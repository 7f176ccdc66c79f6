import EventLoop
import Reactive
import TerminalText

/// The shell's time: virtual (moves only on `wait`, or in step with real time while it plays)
/// or live (real time, timers run by the loop).
///
/// Every wait in the shell goes through `sleep(until:input:)`: the script runner waiting for
/// a line, the interactive loop waiting for a key, and the `wait` command.
@MainActor
public final class ShellClock {
    public let scheduler: any Scheduler
    /// How its time moves: the one thing a command asks of the clock's state.
    private(set) var mode: ClockMode
    /// Wakes a sleep: work posted from other threads (the live clock's) and signals.
    public let mailbox: Mailbox

    private init(scheduler: any Scheduler, mode: ClockMode, mailbox: Mailbox) {
        self.scheduler = scheduler
        self.mode = mode
        self.mailbox = mailbox
    }

    /// Time that moves only on `wait`: reproducible transcripts. Signals wake `mailbox`.
    public static func virtual(_ scheduler: VirtualScheduler, mailbox: Mailbox = Mailbox()) -> ShellClock {
        ShellClock(scheduler: scheduler, mode: .virtual(scheduler, .standing()), mailbox: mailbox)
    }

    /// Real time; other threads post their results to `scheduler.mailbox`.
    public static func live(_ scheduler: LiveScheduler) -> ShellClock {
        ShellClock(scheduler: scheduler, mode: .live(scheduler), mailbox: scheduler.mailbox)
    }

    public var isLive: Bool {
        if case .live = mode { return true }
        return false
    }
    /// The virtual clock's scheduler; nil when live.
    private var virtual: VirtualScheduler? {
        if case .virtual(let scheduler, _) = mode { return scheduler }
        return nil
    }
    /// Set while the virtual clock plays (`clock play`); nil while it stands, and when live.
    package var playback: Playback? {
        if case .virtual(_, .playing(let playback)) = mode { return playback }
        return nil
    }
    /// The speed the clock played at when an action paused it (a breakpoint's event): `continue`
    /// plays on at it. Nil when it was not playing, or has played or been paused since.
    package var pausedPlaying: Playback.Speed? {
        if case .virtual(_, .standing(let speed, _)) = mode { return speed }
        return nil
    }
    /// Real time, from a fixed origin: what a playing clock follows.
    private let realOrigin = ContinuousClock.now
    private var realNow: Duration { ContinuousClock.now - realOrigin }
    /// True while timers and posted work run: what prints then is a reactive update, not a
    /// command's own output.
    public private(set) var isRunningTimers = false
    /// True when a reactive breakpoint stopped the virtual clock before the deadline of the
    /// last sleep: the wait that asked for it stops there too.
    public private(set) var isPaused = false

    /// Stops the virtual clock once the action running now returns (a breakpoint's event); the
    /// live clock cannot be stopped.
    public func pause() { virtual?.pause() }
    public var now: Duration { scheduler.now }
    /// The number of timers waiting to run (and calls in flight): the shell's measure of pending work.
    public var pendingCount: Int { scheduler.pendingCount }

    /// Prefix for output lines: the virtual time, so transcripts show when things happened.
    /// Kept while the time stays the same, as it does for most lines.
    var stamp: String {
        guard !isLive else { return "" }
        let now = scheduler.now
        if let lastStamp, lastStamp.time == now { return lastStamp.text }
        let text = "[\(now.clockText)] "
        lastStamp = (now, text)
        return text
    }
    private var lastStamp: (time: Duration, text: String)?

    /// Sleeps until `deadline` (clock time; nil for none), input on `input`, or a wake-up, then
    /// runs what fell due. Live, it also wakes for the next timer. Virtual, time jumps to the
    /// deadline at once (unless `interrupted` says otherwise on the way); with no deadline it
    /// waits for input or a wake-up (a signal).
    @discardableResult
    public func sleep(until deadline: Duration?, input: Int32 = -1, interrupted: () -> Bool = { false })
        -> Wait.Reason
    {
        if case .virtual(let virtual, .playing(let playback)) = mode {
            return play(virtual, playback, until: deadline, input: input)
        }
        if let virtual, let deadline {
            isRunningTimers = true
            defer { isRunningTimers = false }
            // Stopped by `interrupted`, the clock is not paused: the wait asking says it was cut short.
            isPaused = !virtual.advance(to: deadline, unless: interrupted) && !interrupted()
            return .timeout
        }
        var wakeAt = deadline
        if isLive, let due = scheduler.nextDueTime { wakeAt = min(wakeAt ?? due, due) }
        let reason = Wait.sleep(for: wakeAt.map { $0 - now }, input: input, wakeFD: mailbox.wakeFD)
        runDue()
        return reason
    }

    /// Plays the virtual clock (`speed`, or nil to pause it): from now on its time passes in step
    /// with real time while the shell sleeps, so updates arrive without a `wait`.
    package func play(at speed: Playback.Speed?) {
        guard let virtual else { return }
        mode = .virtual(
            virtual, speed.map { .playing(Playback(speed: $0, real: realNow, virtual: now)) } ?? .standing())
    }

    /// True once after an action paused the playing clock: the shell says so, once.
    func tookPause() -> Bool {
        guard case .virtual(let virtual, .standing(let speed, untold: true)) = mode else { return false }
        mode = .virtual(virtual, .standing(resumesAt: speed))
        return true
    }

    /// A playing clock's sleep: real time passes until the next timer, `deadline`, input or a
    /// wake-up, then virtual time catches up with it, running what fell due on the way.
    private func play(_ virtual: VirtualScheduler, _ playback: Playback, until deadline: Duration?, input: Int32)
        -> Wait.Reason
    {
        let due = [deadline, virtual.nextDueTime].compactMap { $0 }.min()
        let timeout = due.map { playback.realTime(until: $0, atReal: realNow) }
        let reason = Wait.sleep(for: timeout, input: input, wakeFD: mailbox.wakeFD)
        var target = playback.virtualTime(atReal: realNow)
        // Woken by the time-out: what it waited for is due, whatever a millisecond's rounding says.
        if reason == .timeout, let due { target = max(target, due) }
        if let deadline { target = min(target, deadline) }
        isRunningTimers = true
        defer { isRunningTimers = false }
        drainMailbox()
        guard virtual.advance(to: target) else {
            // A breakpoint's event: the clock stops playing there, as `clock pause` stops it.
            isPaused = true
            mode = .virtual(virtual, .standing(resumesAt: playback.speed, untold: true))
            return reason
        }
        // A jump past the real time (the rounding above) moves the anchor, so time never runs back.
        if virtual.now > playback.virtualTime(atReal: realNow) { play(at: playback.speed) }
        return reason
    }

    /// Lets `interval` pass, running every timer that falls due, in order; it returns early
    /// when `interrupted` says so (Ctrl-C) or a breakpoint paused the clock. False then.
    @discardableResult
    public func wait(_ interval: Duration, interrupted: () -> Bool = { false }) -> Bool {
        let deadline = now + interval
        isPaused = false
        runDue()
        // Once at least: `wait 0ms` runs the work due now (deliverOn main's), as a run loop's turn.
        repeat {
            if interrupted() || isPaused { return false }
            sleep(until: deadline, interrupted: interrupted)
        } while now < deadline
        return !isPaused
    }

    /// Runs timers until none is pending, `limit` has passed or `interrupted` says so; returns
    /// whether it became idle and how much clock time passed.
    @discardableResult
    public func waitUntilIdle(limit: Duration, interrupted: () -> Bool = { false }) -> (idle: Bool, waited: Duration) {
        let start = now
        let deadline = start + limit
        isPaused = false
        runDue()
        while pendingCount > 0, !interrupted(), !isPaused {
            if isLive {
                guard now < deadline else { break }
                sleep(until: deadline)
            } else {
                // Straight to the next timer; when the next is past the limit, the wait lasted
                // the whole limit, and virtual time says so.
                guard let due = scheduler.nextDueTime, due <= deadline else {
                    sleep(until: deadline, interrupted: interrupted)
                    break
                }
                sleep(until: due, interrupted: interrupted)
            }
        }
        return (pendingCount == 0, now - start)
    }

    /// Runs what is due now without waiting: posted work, then due timers (live clock only;
    /// virtual time moves only on `wait`).
    public func runDue() {
        isRunningTimers = true
        defer { isRunningTimers = false }
        drainMailbox()
        if case .live(let live) = mode { live.runDue() }
    }

    /// Runs the work other threads posted, under no cause: it is no command's, whichever runs
    /// now; work that has one brings it (a Flickr reply its request's, as a timer does).
    private func drainMailbox() { Cause.running(Cause()) { mailbox.drain() } }

    /// Where the clock stands: its time, and the timer actions the virtual clock has run.
    var position: ClockPosition { ClockPosition(time: now, actions: virtual?.actionsRun ?? 0) }

    /// Moves virtual time to `position` at once, running what falls due on the way but no action
    /// past its count: how `goto` replays the time that passed before and during each command,
    /// also a wait a breakpoint stopped after one of the actions due at its time. Live, it does
    /// nothing.
    func advance(to position: ClockPosition) {
        guard let virtual else { return }
        isRunningTimers = true
        defer { isRunningTimers = false }
        virtual.advance(to: position.time, stoppingAfter: position.actions)
    }

    /// Drops every pending timer; returns how many there were.
    @discardableResult
    public func cancelAll() -> Int { scheduler.cancelAll() }
}
