import Redaction
import SessionWire

/// `--format jsonl` (or `set format jsonl`): every line vmsh prints becomes one JSON object, for
/// another program (jq, a notebook) to read instead of the human transcript:
///
///     {"command":1,"kind":"output","ms":400,"text":"push SearchResultsViewModel \"sunset\"","time":"00:00.400"}
///
/// Each is a `JSONLine`, its kind the one the line was written as (`LineKind`, nothing read from
/// its text): `echo` (a script's command), `comment`, `output` (printed by a command itself),
/// `update` (a reactive update: printed as time passed, by a timer or a reply), `trace`, `error`,
/// `end` (the end of input) or `report` (what the end of input had to cancel). `command` is the
/// number `history` gives the command that was running (a `wait` for most updates), absent
/// between commands and for a command that changes nothing (`history` lists it unnumbered).
/// A line's text has the process's secrets taken out (`Secrets`).
@MainActor
final class JSONLinesFormat {
    /// The number of the command running now; nil between commands and for one that changes nothing.
    private(set) var command: Int?
    /// True while a command runs: what prints is its output, unless a timer printed it.
    private var isRunningCommand = false
    /// The command an error belongs to: errors are reported just after their command returns.
    private var lastCommand: Int?
    private let now: () -> Duration
    private let isUpdate: () -> Bool

    init(now: @escaping () -> Duration, isUpdate: @escaping () -> Bool) {
        self.now = now
        self.isUpdate = isUpdate
    }

    /// A command begins: `number` is its number in `history`, nil when it changes nothing.
    func startCommand(_ number: Int?) {
        command = number
        lastCommand = number
        isRunningCommand = true
    }

    /// The running command turned out to change nothing (it failed before doing anything): what
    /// it prints from here on, its error too, carries no number.
    func unnumber() {
        command = nil
        lastCommand = nil
    }

    /// The command returned: what prints now is an update.
    func endCommand() {
        command = nil
        isRunningCommand = false
    }

    /// Each line of `text` (as written to standard output or error) as a JSON line of `kind`;
    /// nil for what a command prints, an update when no command runs or a timer printed it.
    func render(_ text: String, kind: LineKind?) -> String {
        let kind = kind ?? (!isRunningCommand || isUpdate() ? .update : .output)
        return text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            object(kind: kind, text: plain(line, isError: kind.isError))
        }.joined()
    }

    /// One JSON line of `kind`.
    func object(kind: LineKind, text: String) -> String {
        let line = JSONLine(
            ms: now().wholeMilliseconds, time: now().clockText, kind: kind.jsonLinesName,
            command: kind.isError ? lastCommand : command, text: Secrets.redact(text))
        return WireJSON.line(line) + "\n"
    }

    /// The line without the "vmsh: " every error line starts with.
    private func plain(_ line: Substring, isError: Bool) -> String {
        isError && line.hasPrefix("vmsh: ") ? String(line.dropFirst(6)) : String(line)
    }
}
