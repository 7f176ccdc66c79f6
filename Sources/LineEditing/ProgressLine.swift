import MarkedFiles
import Shell
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One line of progress on a terminal, for work that takes more than a second (a catalog being
/// generated, a live `wait`): drawn on standard error only once the work has run for `delay`,
/// rewritten in place, and erased when the work ends, so the screen keeps nothing of it.
/// vmsh makes one only for an interactive session at a terminal on the live clock: script
/// output, a pipe and a transcript never hold it.
///
/// Sendable: a catalog is generated on the database's thread, a `wait` runs on the main one.
public final class ProgressLine: Sendable {
    private struct State {
        /// When the work being shown began; nil between pieces of work.
        var started: ContinuousClock.Instant?
        /// What the work last said of itself.
        var text = ""
        /// What is on the screen now, if anything.
        var drawn: String?
        var drawnAt: ContinuousClock.Instant?
    }

    private let state = Mutex(State())
    private let fd: Int32
    private let delay: Duration
    /// The line is cut to fit: a line that wrapped could not be rewritten in place.
    private let width: Int

    /// `width`: the terminal's columns when nil.
    public init(fd: Int32 = 2, delay: Duration = .milliseconds(950), width: Int? = nil) {
        self.fd = fd
        self.delay = delay
        self.width = max((width ?? Screen.columns(fd: fd)) - 1, 10)
    }

    /// Says where the work is now; the first call starts the delay. Redrawn at most ten times a
    /// second, so a caller may report as often as it likes.
    public func update(_ text: String) {
        let now = ContinuousClock.now
        state.withLock { state in
            let started = state.started ?? now
            state.started = started
            state.text = String(text.prefix(width))
            guard now - started >= delay, state.drawn != state.text else { return }
            if let drawnAt = state.drawnAt, state.drawn != nil, now - drawnAt < .milliseconds(100) { return }
            draw(&state, at: now)
        }
    }

    /// The work is over: the line is erased, if it was drawn.
    public func end() {
        state.withLock { state in
            if state.drawn != nil { write("\r\u{1B}[K") }
            state = State()
        }
    }

    /// Erases the line for a moment, so other output starts at the beginning of the line;
    /// `restore()` draws it again below that output.
    public func hide() {
        state.withLock { state in
            guard state.drawn != nil else { return }
            write("\r\u{1B}[K")
            state.drawn = nil
        }
    }

    public func restore() {
        let now = ContinuousClock.now
        state.withLock { state in
            guard let started = state.started, state.drawn == nil, now - started >= delay else { return }
            draw(&state, at: now)
        }
    }

    private func draw(_ state: inout State, at now: ContinuousClock.Instant) {
        write("\r" + state.text + "\u{1B}[K")
        state.drawn = state.text
        state.drawnAt = now
    }

    /// A line that cannot be written is lost: progress is a courtesy.
    private func write(_ text: String) { _ = MarkedFile.writeAll(Array(text.utf8), to: fd) }
}

extension ProgressLine: WaitCountdown {
    public func show(left: Duration) {
        update("wait: \(left.secondsLeft) s left (Ctrl-C stops it)")
    }
}
