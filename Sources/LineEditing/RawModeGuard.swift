#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal to put back, and its settings, while a raw-mode read waits: set before the
/// handlers exist and read only by them. tcsetattr is async-signal-safe.
nonisolated(unsafe) private var guardedFD: Int32 = -1
nonisolated(unsafe) private var guardedSettings = termios()
/// What each signal did before, by its number: plain memory, which a handler may read.
nonisolated(unsafe) private let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

/// Puts the terminal's settings back when a signal ends vmsh during a raw-mode read (`--step`'s
/// key): Ctrl-C, SIGTERM or SIGHUP would otherwise leave the shell without echo or lines, as
/// `q` and Ctrl-D never do. The handler restores the settings, puts back what the signal did
/// before and raises it again, so vmsh still ends by that signal.
enum RawModeGuard {
    static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Runs `body` with `saved` (the settings of terminal `fd` before raw mode) restored by any
    /// of `endingSignals`.
    static func guarding<T>(_ fd: Int32, saved: termios, _ body: () -> T) -> T {
        guardedSettings = saved
        guardedFD = fd
        var installed: [Int32] = []
        for signo in endingSignals {
            var previous = sigaction()
            sigaction(signo, nil, &previous)
            // A signal the process ignores (nohup's SIGHUP) ends nothing: left as it is.
            let handler = previous.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) }
            if handler == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            previousActions[Int(signo)] = previous
            installed.append(signo)
        }
        for signo in installed {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signo in
                if guardedFD >= 0 { _ = tcsetattr(guardedFD, TCSANOW, &guardedSettings) }
                sigaction(signo, previousActions + Int(signo), nil)
                // Blocked while this handler runs: delivered, as before, once it returns.
                raise(signo)
            }
            sigemptyset(&action.sa_mask)
            for other in endingSignals { sigaddset(&action.sa_mask, other) }
            action.sa_flags = SA_RESTART
            sigaction(signo, &action, nil)
        }
        defer {
            for signo in installed { sigaction(signo, previousActions + Int(signo), nil) }
            guardedFD = -1
        }
        return body()
    }
}
