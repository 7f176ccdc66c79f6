import Glibc

/// `--step`: before each command of a script, shows it and waits for Enter or Space at the
/// terminal (`q` leaves), so a teacher runs a lesson at the pace of the class.
@MainActor
public final class StepPacer: WaitCountdown {
    private let tty: Int32

    /// Nil when there is no terminal to read keys from.
    public init?() {
        tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { return nil }
    }

    deinit { close(tty) }

    /// Shows `command` as the next one and waits for a key; false when the user pressed `q`
    /// (or the terminal went away).
    func awaitGo(_ command: String) -> Bool {
        say("next › \(command.sanitizedForTerminal)   [Enter or Space: run · q: leave]")
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return false }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(tty, TCSANOW, &raw)
        defer {
            tcsetattr(tty, TCSANOW, &saved)
            say("\r\u{1B}[K", newline: false)
        }
        while true {
            var key: UInt8 = 0
            guard read(tty, &key, 1) == 1 else { return false }
            switch key {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "): return true
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 4: return false
            default: continue
            }
        }
    }

    /// Prints the time left of a `wait` on one line, over and over.
    func show(left: Duration) {
        say("\r\u{1B}[K  wait: \(left.secondsLeft) s left", newline: false)
    }

    /// The countdown stays until the next command's line takes its place.
    func end() {}

    private func say(_ text: String, newline: Bool = true) {
        let bytes = Array((text + (newline ? "\n" : "")).utf8)
        _ = bytes.withUnsafeBytes { write(tty, $0.baseAddress, $0.count) }
    }
}
