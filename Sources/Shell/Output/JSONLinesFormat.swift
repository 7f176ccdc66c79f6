import OutputKinds
import Redaction
import SessionWire

/// `--format jsonl` (or `set format jsonl`): every line vmsh prints becomes one JSON object, for
/// another program (jq, a notebook) to read instead of the human transcript:
///
///     {"command":1,"kind":"output","ms":400,"text":"push SearchResultsViewModel \"sunset\"","time":"00:00.400"}
///
/// Each is a `JSONLine` made from what was printed (`Printed`), its kind the one the line was
/// written as (`LineKind`, nothing read from its text): `echo` (a script's command), `comment`,
/// `output` (printed by a command itself), `update` (a reactive update: printed as time passed, by
/// a timer or a reply), `trace`, `error`, `end` (the end of input) or `report` (what the end of
/// input had to cancel). `command` is the number `history` gives the command that was running (a
/// `wait` for most updates), absent between commands and for a command that changes nothing
/// (`history` lists it unnumbered). A line's text has the process's secrets taken out (`Secrets`).
package enum JSONLinesFormat {
    /// Each line of what was printed as a JSON line.
    static func render(_ printed: Printed) -> String {
        // A script's line (its echo, a comment) is one object whatever it holds, even empty;
        // what commands print is split into its lines, the empty ones left out.
        let isScriptLine = printed.kind == .command || printed.kind == .comment
        let lines =
            isScriptLine
            ? [printed.text.dropLast()] : printed.text.split(separator: "\n", omittingEmptySubsequences: true)
        return lines.map { line in
            let text = printed.kind.isError && line.hasPrefix("vmsh: ") ? line.dropFirst(6) : line
            let object = JSONLine(
                ms: printed.time.wholeMilliseconds, time: printed.time.clockText, kind: printed.kind.jsonLinesName,
                command: printed.command, text: Secrets.redact(String(text)))
            return WireJSON.line(object) + "\n"
        }.joined()
    }
}
