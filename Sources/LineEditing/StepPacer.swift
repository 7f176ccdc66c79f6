import Glibc
import Shell
import TerminalText

/// `--step` at the terminal: before each command of a script, shows it and waits for a key
/// (Enter or Space runs it, `b` steps back, `q` leaves), so a teacher runs a lesson at the pace
/// of the class. The line it shows is erased once a key is pressed; the command is then shown
/// once, as the transcript shows commands.
@MainActor
public final class StepPacer: StepPacing, WaitCountdown {
    private let tty: Int32
    /// What `q` does, as the line under each command says it.
    private let leaves: String

    /// Nil when there is no terminal to read keys from. `toPrompt`: `q` ends the script but not
    /// the session (`-i`).
    public init?(toPrompt: Bool = false) {
        tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        leaves = toPrompt ? "q: to the prompt" : "q: leave"
    }

    deinit { close(tty) }

    public func awaitGo(_ command: String) -> StepChoice {
        say("next › \(command.sanitizedForTerminal)   [Enter or Space: run · b: back · \(leaves)]", newline: false)
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return .leave }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        // A signal that ends vmsh while it waits puts the settings back first.
        return RawModeGuard.guarding(tty, saved: saved) {
            tcsetattr(tty, TCSANOW, &raw)
            defer {
                tcsetattr(tty, TCSANOW, &saved)
                say("\r\u{1B}[K", newline: false)
            }
            return readChoice()
        }
    }

    /// Reads keys until one chooses.
    private func readChoice() -> StepChoice {
        while true {
            var key: UInt8 = 0
            guard read(tty, &key, 1) == 1 else { return .leave }
            switch key {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "): return .run
            case UInt8(ascii: "b"), UInt8(ascii: "B"): return .back
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 4: return .leave
            default: continue
            }
        }
    }

    public func refuse(_ reason: String) { say("  (\(reason))") }

    /// Prints the time left of a `wait` on one line, over and over.
    public func show(left: Duration) {
        say("\r\u{1B}[K  wait: \(left.secondsLeft) s left", newline: false)
    }

    /// The countdown is erased once the wait is over.
    public func end() { say("\r\u{1B}[K", newline: false) }

    private func say(_ text: String, newline: Bool = true) {
        let bytes = Array((text + (newline ? "\n" : "")).utf8)
        _ = bytes.withUnsafeBytes { write(tty, $0.baseAddress, $0.count) }
    }
}
