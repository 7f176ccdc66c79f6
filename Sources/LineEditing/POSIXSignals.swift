import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Signals that arrived and are not handled yet, one bit each. A lock-free atomic is safe to
/// touch in a signal handler; nothing else happens there.
private let arrivedSignals = Atomic<UInt64>(0)
/// Where the handler writes a byte to wake the loop's `poll()`; set once before handlers exist.
nonisolated(unsafe) private var signalWakeFD: Int32 = -1

/// Turns signals into wake-ups of the event loop: the handler only records the signal and
/// writes to the wake pipe; the loop does the work.
enum POSIXSignals {
    static let watched: [Int32] = [SIGINT, SIGWINCH, SIGTSTP, SIGCONT, SIGTERM, SIGHUP]

    static func install(wakeFD: Int32) {
        signalWakeFD = wakeFD
        for signo in watched { catchSignal(signo) }
    }

    static func catchSignal(_ signo: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signo in
            arrivedSignals.bitwiseOr(1 << UInt64(signo), ordering: .relaxed)
            var byte: UInt8 = 1
            _ = write(signalWakeFD, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(signo, &action, nil)
    }

    static func restoreDefault(_ signo: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signo, &action, nil)
    }

    /// True when `signo` arrived and was not taken yet.
    static func isPending(_ signo: Int32) -> Bool {
        arrivedSignals.load(ordering: .relaxed) & (1 << UInt64(signo)) != 0
    }

    /// Forgets that `signo` arrived (a Ctrl-C that already ended a `wait`), keeping the others.
    static func discard(_ signo: Int32) {
        arrivedSignals.bitwiseAnd(~(1 << UInt64(signo)), ordering: .relaxed)
    }

    /// The signals that arrived since the last call, in the order of `watched`.
    static func take() -> [Int32] {
        let bits = arrivedSignals.exchange(0, ordering: .relaxed)
        return watched.filter { bits & (1 << UInt64($0)) != 0 }
    }
}
