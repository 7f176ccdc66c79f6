import Redaction

/// `--format jsonl` (or `set format jsonl`): every line vmsh prints becomes one JSON object, for
/// another program (jq, a notebook) to read instead of the human transcript:
///
///     {"ms":400,"time":"00:00.400","kind":"output","command":1,"text":"push SearchResultsViewModel \"sunset\""}
///
/// `kind` is `echo` (a script's command), `comment`, `output` (printed by a command itself),
/// `update` (a reactive update: printed as time passed, by a timer or a reply), `trace`, `error`,
/// `end` (the end of input) or `report` (what the end of input had to cancel). `command` is the
/// number `history` gives the command that was running (a `wait` for most updates), absent
/// between commands and for a command that changes nothing (`history` lists it unnumbered).
/// A line's text has the process's secrets taken out (`Secrets`).
@MainActor
final class JSONLinesFormat {
    enum Kind: String {
        case echo, comment, output, update, trace, error, end, report
    }

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

    /// Each line of `text` (as written to standard output or error) as a JSON line.
    func render(_ text: String, isError: Bool) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            object(kind: kind(of: line, isError: isError), text: plain(line, isError: isError))
        }.joined()
    }

    /// One JSON line of `kind`.
    func object(kind: Kind, text: String) -> String {
        let ms = now().wholeMilliseconds
        var fields = ["\"ms\":\(ms)", "\"time\":\"\(now().clockText)\"", "\"kind\":\"\(kind.rawValue)\""]
        if let number = kind == .error ? lastCommand : command { fields.append("\"command\":\(number)") }
        fields.append("\"text\":\(Self.quoted(Secrets.redact(text)))")
        return "{" + fields.joined(separator: ",") + "}\n"
    }

    private func kind(of line: Substring, isError: Bool) -> Kind {
        if isError { return line.contains("after the end of input") ? .report : .error }
        if line.hasPrefix("trace ") { return .trace }
        if line.hasPrefix("-- end of input") || line.hasPrefix("-- quit") { return .end }
        return !isRunningCommand || isUpdate() ? .update : .output
    }

    /// The line without the "vmsh: " every error line starts with.
    private func plain(_ line: Substring, isError: Bool) -> String {
        isError && line.hasPrefix("vmsh: ") ? String(line.dropFirst(6)) : String(line)
    }

    /// A JSON string: quotes, backslashes and control characters escaped. Byte by byte: every
    /// byte of a multi-byte character is 0x80 or more, so it is copied as it is. (Appending scalar
    /// by scalar cost a served session a third of its instructions.)
    nonisolated static func quoted(_ text: String) -> String {
        var out: [UInt8] = [0x22]
        out.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            switch byte {
            case 0x22, 0x5C: out += [0x5C, byte]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x09: out += [0x5C, 0x74]
            case 0..<0x20, 0x7F: out += Array("\\u00".utf8) + [hexDigit(byte >> 4), hexDigit(byte & 15)]
            default: out.append(byte)
            }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    private nonisolated static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x61 + value - 10 }
}
