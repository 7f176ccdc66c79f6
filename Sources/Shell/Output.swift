import Glibc
import MarbleDiagrams
import Redaction
import TerminalViews

/// Where the shell's text goes: standard output for what Views print, standard error for errors.
@MainActor
public protocol OutputSink: AnyObject {
    func writeOutput(_ text: String)
    func writeError(_ text: String)
}

/// Writes straight to file descriptors 1 and 2 with no buffering, so lines from both streams
/// keep their order when they share one pipe (transcripts compare them merged). Every text
/// passes `Secrets` first: whatever made it, the key does not reach the terminal or a pipe.
@MainActor
public final class StandardStreams: OutputSink {
    /// The first error writing standard output other than a closed pipe (a full disk, a closed
    /// descriptor), as an errno value: the session goes on, and ends with status 1.
    public private(set) static var outputError: Int32?

    /// Keeps descriptors 0-2 open: a closed one is pointed at /dev/null, so no file vmsh opens
    /// later (a database) can take its number and receive output. A closed standard output
    /// counts as an output error.
    public static func guardStandardDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 {
            _ = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if fd == 1 { outputError = EBADF }
        }
    }

    /// Says why output was lost, on standard error; true when it was.
    public static func reportOutputError() -> Bool {
        guard let outputError else { return false }
        write("vmsh: could not write the output: \(String(cString: strerror(outputError)))\n", to: 2)
        return true
    }

    public init() {}
    public func writeOutput(_ text: String) { Self.write(text, to: 1) }
    public func writeError(_ text: String) { Self.write(text, to: 2) }

    static func write(_ text: String, to fd: Int32) {
        var text = Secrets.redact(text)
        text.withUTF8 { write($0, to: fd) }
    }

    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                // A closed pipe (`| head`) loses output quietly; anything else is reported at exit.
                if errno != EPIPE, fd == 1, outputError == nil { outputError = errno }
                return
            }
            offset += written
        }
    }
}

/// The Console that Views print to: one line at a time, stamped with the virtual time when the
/// clock is virtual, so a lesson's transcript shows when each update arrived.
@MainActor
final class ShellConsole: Console {
    private let sink: CapturingSink
    private let clock: ShellClock

    /// While a listing command runs: the width its lines fold to (not as JSON lines, where a
    /// line is an object, not what a terminal shows).
    var foldWidth: Int?

    init(sink: CapturingSink, clock: ShellClock) {
        self.sink = sink
        self.clock = clock
    }

    func print(_ line: String) {
        // As JSON lines the time is a field of its own.
        guard sink.format == nil else { return sink.writeOutput(line + "\n") }
        guard let foldWidth else { return emit(line) }
        for line in TextWrap.fold(line, width: foldWidth) { emit(line) }
    }

    /// One line, stamped, in one write.
    private func emit(_ line: String) {
        var text = clock.stamp
        text.reserveCapacity(text.utf8.count + line.utf8.count + 1)
        text += line
        text += "\n"
        sink.writeOutput(text)
    }
}

/// Passes text on and keeps what was written since the current command began, so `expect`
/// can look at the previous command's output (its errors included). While the session is served
/// (`serve on`), each line it records also goes to the students' pages.
@MainActor
final class CapturingSink: OutputSink {
    let base: any OutputSink
    private(set) var sinceCommand = ""

    init(_ base: any OutputSink) { self.base = base }

    /// While true nothing is written or kept (`goto` replaying the session so far).
    var isMuted = false
    /// Set for `--format jsonl`: what reaches the terminal is JSON lines; what `expect` reads stays text.
    var format: JSONLinesFormat?
    /// The session's output so far, both streams, line by line (for `export html`).
    private(set) var record = TranscriptRecord()
    /// While set, what is written is not recorded: `narrate` records the words themselves.
    private var recordsWrites = true
    /// While the session is served: where each recorded line goes as well.
    var feed: SessionFeed?

    func beginCommand() { sinceCommand = "" }

    func writeOutput(_ text: String) {
        guard !isMuted else { return }
        keep(text, as: .output)
        base.writeOutput(format?.render(text, isError: false) ?? text)
    }

    func writeError(_ text: String) {
        guard !isMuted else { return }
        keep(text, as: .error)
        base.writeError(format?.render(text, isError: true) ?? text)
    }

    /// A line about the input rather than any command's output (a line that held the key): shown
    /// and exported, never read by `expect`.
    func writeNotice(_ text: String) {
        guard !isMuted else { return }
        recording { $0.add(text, as: .error) }
        base.writeError(format?.render(text, isError: true) ?? text)
    }

    /// Output no `expect` reads (a script's echo and comments), kept for the exported transcript.
    func writeUncaptured(_ text: String, kind: JSONLinesFormat.Kind) {
        guard !isMuted else { return }
        recording { $0.add(text, as: kind == .echo ? .command : .comment) }
        base.writeOutput(format.map { $0.object(kind: kind, text: String(text.dropLast())) } ?? text)
    }

    /// Writes narration through `write` (which prints it as the terminal shows it) and records
    /// it as one line of its own words, without the terminal's stamp and styling.
    func narrate(_ words: String, _ write: () -> Void) {
        recordsWrites = false
        write()
        recordsWrites = true
        if !isMuted { recording(narration: true) { $0.narrate(words) } }
    }

    /// Text written, not meant for the transcript (the served page's address): straight to the
    /// stream, never recorded, never as a JSON line, never read by `expect`.
    func writeUnrecorded(_ text: String) { base.writeError(text) }

    private func keep(_ text: String, as kind: MarblePage.Line.Kind) {
        sinceCommand += text
        if recordsWrites { recording { $0.add(text, as: kind) } }
    }

    /// Changes the record, then hands the feed the lines added; narration is always the last
    /// line, whether it was added or took the place of its `say`'s echo.
    private func recording(narration: Bool = false, _ change: (inout TranscriptRecord) -> Void) {
        let next = record.lineCount
        change(&record)
        guard let feed, !record.lines.isEmpty else { return }
        let from = max(narration ? record.lineCount - 1 : next, record.firstLine)
        for number in from..<record.lineCount { feed.line(record.lines[number - record.firstLine], number: number) }
    }
}
