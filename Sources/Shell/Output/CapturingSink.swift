import MarbleDiagrams
import OutputKinds

/// The session's output: each write becomes a `Printed` value (its kind, text, command number
/// and time) that every reader takes: the capture `expect` reads, `expect-all`'s lines, the
/// JSON lines or the terminal, the transcript (`TranscriptRecord`), the recording
/// (`CastRecording`) and, while the session is served, the students' pages (`SessionFeed`).
@MainActor
package final class CapturingSink: OutputSink {
    let base: any OutputSink
    private var capture = CommandCapture()
    private var lines = ExpectAllLines()
    /// What the previous command printed, for `expect`.
    package var sinceCommand: String { capture.sinceCommand }
    /// Only the output of it, without narration or errors: what a hidden check reads.
    package var outputSinceCommand: String { capture.outputSinceCommand }
    /// Standard output since the current command began, line by line, for `expect-all`.
    package var linesSinceCommand: [PrintedLine] { lines.lines }
    /// True while `expect-all` is on: the lines are kept.
    var keepsLines: Bool {
        get { lines.isOn }
        set { lines.isOn = newValue }
    }
    /// True while timers run: what is written then is an update. Set by the shell.
    var isUpdate: () -> Bool = { false }
    /// The command running, for each line's number and kind.
    var running = RunningCommand()

    init(_ base: any OutputSink) { self.base = base }

    /// While true nothing is written or kept (`goto` replaying the session so far).
    package var isMuted = false
    /// True for `--format jsonl`: what reaches the terminal is JSON lines; what `expect` reads stays text.
    var writesJSONLines = false
    /// The session's output so far, both streams, line by line (for `export html`).
    package private(set) var record = TranscriptRecord()
    /// What the terminal showed, timed, for `export cast`.
    package private(set) var cast = CastRecording()
    /// The clock time, for the recording. Set by the shell.
    var now: () -> Duration = { .zero }
    /// True while narration is written: it is not recorded as written (`narrate` records the
    /// words themselves), and `expect` reads it while a hidden check does not.
    private var narrating = false
    /// While the session is served: the feed, for where it listens and who follows. What the
    /// pages get goes through `publish`, which a muted replay silences.
    package private(set) var feed: SessionFeed?

    /// Serves the session through `feed` from now on (nil: no more).
    package func serve(through feed: SessionFeed?) { self.feed = feed }

    /// Hands the feed a message, unless muted: the one way to the pages, so a replay (`goto`)
    /// shows a class nothing the teacher did not see.
    package func publish(_ message: (SessionFeed) -> Void) {
        guard !isMuted, let feed else { return }
        message(feed)
    }

    func beginCommand() {
        capture.beginCommand()
        lines.beginCommand()
    }

    /// Keeps what the next commands write as one piece, until `endSpan`.
    package func beginSpan() { capture.beginSpan() }

    /// What `expect` reads from now on is everything written since `beginSpan`.
    package func endSpan() { capture.endSpan() }

    package func writeOutput(_ text: String) { write(text, as: nil) }
    package func writeError(_ text: String) { write(text, as: .error) }

    /// Text a command printed, of `kind`: nil for what the running command prints (an update
    /// when no command runs or a timer printed it), or a kind its writer names (`trace`, `end`,
    /// `report`, `error`).
    func write(_ text: String, as kind: LineKind?) {
        guard !isMuted else { return }
        let styled = printed(text, kind ?? (!running.isRunning || isUpdate() ? .update : .output))
        // The terminal's colours are the terminal's: every other reader takes the plain text.
        let printed = styled.unstyled
        capture.take(printed, isOutput: !narrating && !printed.kind.isError)
        if keepsLines, !printed.kind.isError { lines.take(printed, byTimer: isUpdate()) }
        if !narrating { recording { $0.add(printed.text, as: printed.kind) } }
        show(styled)
    }

    /// A line about the input rather than any command's output (a line that held the key): shown
    /// and exported, never read by `expect`.
    func writeNotice(_ text: String) {
        guard !isMuted else { return }
        let printed = printed(text, .error)
        recording { $0.add(printed.unstyled.text, as: printed.kind) }
        show(printed)
    }

    /// Output no `expect` reads (a script's echo and comments), kept for the exported transcript.
    func writeUncaptured(_ text: String, kind: LineKind) {
        guard !isMuted else { return }
        let printed = printed(text, kind)
        if !narrating { recording { $0.add(printed.unstyled.text, as: printed.kind) } }
        show(printed)
    }

    /// A command begins: a chapter of the recording, named `label`, and, when the terminal shows
    /// no echo of it, the line as a terminal would show it typed.
    func markCommand(_ label: String, typed: String?) {
        guard !isMuted else { return }
        cast.marker(label, at: now())
        guard let typed else { return }
        cast.output(typed + "\n", at: now())
        // The page keeps it as an echo would show it; the feed is told it as a typed command.
        record.append(MarblePage.Line(.command, "> " + label.sanitizedForTerminal))
    }

    /// A comment typed at the prompt, which the terminal shows already: recorded (and so served
    /// and exported) as a comment line.
    func recordTypedComment(_ text: String) {
        guard !isMuted else { return }
        recording { $0.append(MarblePage.Line(.comment, text)) }
    }

    /// Writes narration through `write` (which prints it as the terminal shows it) and records
    /// it as one line of its own words, without the terminal's stamp and styling: a chapter of
    /// the recording too.
    func narrate(_ words: String, _ write: () -> Void) {
        if !isMuted { cast.marker(words, at: now()) }
        narrating = true
        write()
        narrating = false
        if !isMuted { recording(narration: true) { $0.narrate(words) } }
    }

    /// A line for the terminal alone (a student's name): shown as output is, never recorded,
    /// exported, served, cast or read by `expect`.
    func writeToTerminalOnly(_ text: String) {
        guard !isMuted else { return }
        let printed = printed(text, .output)
        base.writeOutput(writesJSONLines ? JSONLinesFormat.render(printed.unstyled) : printed.text)
    }

    /// Text written, not meant for the transcript (the served page's address): straight to the
    /// stream, never recorded, never as a JSON line, never read by `expect`.
    package func writeUnrecorded(_ text: String) { base.writeError(text) }

    private func printed(_ text: String, _ kind: LineKind) -> Printed {
        Printed(kind: kind, text: text, command: running.number(for: kind), time: now())
    }

    /// To the terminal, as text or as JSON lines, and into the recording as it reaches it.
    private func show(_ printed: Printed) {
        let text = writesJSONLines ? JSONLinesFormat.render(printed.unstyled) : printed.text
        cast.output(text, at: printed.time)
        if printed.kind.isError { base.writeError(text) } else { base.writeOutput(text) }
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
