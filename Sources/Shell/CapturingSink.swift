import MarbleDiagrams
import SessionWire

/// Passes text on and keeps what was written since the current command began, so `expect`
/// can look at the previous command's output (its errors included). While the session is served
/// (`serve on`), each line it records also goes to the students' pages.
@MainActor
final class CapturingSink: OutputSink {
    let base: any OutputSink
    private(set) var sinceCommand = ""
    /// What was written since `beginSpan`, across commands: an exercise's whole answer.
    private var span: String?
    /// Standard output since the current command began, line by line, for `expect-all`: kept only
    /// while `keepsLines`, so every other line printed costs nothing more.
    private(set) var linesSinceCommand: [PrintedLine] = []
    var keepsLines = false
    /// True while timers run: what is written then is an update. Set by the shell.
    var isUpdate: () -> Bool = { false }
    /// True when the last line of `linesSinceCommand` has not reached its newline yet.
    private var lineIsOpen = false

    init(_ base: any OutputSink) { self.base = base }

    /// While true nothing is written or kept (`goto` replaying the session so far).
    var isMuted = false
    /// Set for `--format jsonl`: what reaches the terminal is JSON lines; what `expect` reads stays text.
    var format: JSONLinesFormat?
    /// The session's output so far, both streams, line by line (for `export html`).
    private(set) var record = TranscriptRecord()
    /// What the terminal showed, timed, for `export cast`.
    private(set) var cast = CastRecording()
    /// The clock time, for the recording. Set by the shell.
    var now: () -> Duration = { .zero }
    /// While set, what is written is not recorded: `narrate` records the words themselves.
    private var recordsWrites = true
    /// While the session is served: the feed, for where it listens and who follows. What the
    /// pages get goes through `publish`, which a muted replay silences.
    private(set) var feed: SessionFeed?

    /// Serves the session through `feed` from now on (nil: no more).
    func serve(through feed: SessionFeed?) { self.feed = feed }

    /// Hands the feed a message, unless muted: the one way to the pages, so a replay (`goto`)
    /// shows a class nothing the teacher did not see.
    func publish(_ message: (SessionFeed) -> Void) {
        guard !isMuted, let feed else { return }
        message(feed)
    }

    func beginCommand() {
        sinceCommand = ""
        linesSinceCommand = []
        lineIsOpen = false
    }

    /// Keeps what the next commands write as one piece, until `endSpan`.
    func beginSpan() { span = "" }

    /// What `expect` reads from now on is everything written since `beginSpan`, as if one command
    /// had printed it: the checks after an exercise's question read the learner's whole answer.
    func endSpan() {
        if let span { sinceCommand = span }
        span = nil
    }

    func writeOutput(_ text: String) { write(text, as: nil) }
    func writeError(_ text: String) { write(text, as: .error) }

    /// Text a command printed, of `kind`: nil for what the running command prints (an update
    /// when a timer printed it), or a kind its writer names (`trace`, `end`, `report`, `error`).
    func write(_ text: String, as kind: LineKind?) {
        guard !isMuted else { return }
        let isError = kind?.isError ?? false
        keep(text, as: kind ?? .output)
        if !isError, keepsLines { keepLines(text) }
        let shown = shown(format?.render(text, kind: kind) ?? text)
        if isError { base.writeError(shown) } else { base.writeOutput(shown) }
    }

    /// A line about the input rather than any command's output (a line that held the key): shown
    /// and exported, never read by `expect`.
    func writeNotice(_ text: String) {
        guard !isMuted else { return }
        recording { $0.add(text, as: .error) }
        base.writeError(shown(format?.render(text, kind: .error) ?? text))
    }

    /// Output no `expect` reads (a script's echo and comments), kept for the exported transcript.
    func writeUncaptured(_ text: String, kind: LineKind) {
        guard !isMuted else { return }
        if recordsWrites { recording { $0.add(text, as: kind) } }
        base.writeOutput(shown(format.map { $0.object(kind: kind, text: String(text.dropLast())) } ?? text))
    }

    /// A command begins: a chapter of the recording, named `label`, and, when the terminal shows
    /// no echo of it, the line as a terminal would show it typed.
    func markCommand(_ label: String, typed: String?) {
        guard !isMuted else { return }
        cast.marker(label, at: now())
        if let typed { cast.output(typed + "\n", at: now()) }
    }

    /// Writes narration through `write` (which prints it as the terminal shows it) and records
    /// it as one line of its own words, without the terminal's stamp and styling: a chapter of
    /// the recording too.
    func narrate(_ words: String, _ write: () -> Void) {
        if !isMuted { cast.marker(words, at: now()) }
        recordsWrites = false
        write()
        recordsWrites = true
        if !isMuted { recording(narration: true) { $0.narrate(words) } }
    }

    /// Text written, not meant for the transcript (the served page's address): straight to the
    /// stream, never recorded, never as a JSON line, never read by `expect`.
    func writeUnrecorded(_ text: String) { base.writeError(text) }

    /// What reaches the terminal, recorded as it reaches it.
    private func shown(_ text: String) -> String {
        cast.output(text, at: now())
        return text
    }

    /// Splits standard output into lines; a line is an update when a timer began it.
    private func keepLines(_ text: String) {
        guard !text.isEmpty else { return }
        var pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
        let endsLine = pieces.last?.isEmpty == true
        if endsLine { pieces.removeLast() }
        if lineIsOpen, !pieces.isEmpty {
            linesSinceCommand[linesSinceCommand.count - 1].text += pieces.removeFirst()
        }
        let update = isUpdate()
        linesSinceCommand += pieces.map { PrintedLine(text: String($0), isUpdate: update) }
        lineIsOpen = !endsLine && (lineIsOpen || !pieces.isEmpty)
    }

    private func keep(_ text: String, as kind: LineKind) {
        sinceCommand += text
        span? += text
        if recordsWrites { recording { $0.add(text, as: kind) } }
    }

    /// Changes the record, then hands the feed the lines added; narration is always the last
    /// line, whether it was added or took the place of its `say`'s echo.
    private func recording(narration: Bool = false, _ change: (inout TranscriptRecord) -> Void) {
        let next = record.lineCount
        change(&record)
        guard !record.lines.isEmpty else { return }
        let from = max(narration ? record.lineCount - 1 : next, record.firstLine)
        publish { feed in
            for number in from..<record.lineCount { feed.line(record.lines[number - record.firstLine], number: number) }
        }
    }
}
