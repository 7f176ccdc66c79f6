/// What printed a line: the one vocabulary of kinds that the capture, `--format jsonl`, the
/// transcript (`export html`), the recording and the served page read. A line is given its kind
/// where it is made; nothing reads it back from the text.
public enum LineKind: String, Sendable, Equatable, CaseIterable {
    /// A command as the session shows it typed (a script's echo, `> search sunset`).
    case command
    /// A script's comment, or a line about the lesson rather than any command's output.
    case comment
    /// `say` and `answer`, in their own words.
    case narration
    /// What a command printed while it ran.
    case output
    /// What printed as time passed (a timer, a reply), not the running command.
    case update
    /// One event `trace` shows.
    case trace
    /// The end of input (or a `quit`) waiting for timers.
    case end
    /// A failure, or a line about the input rather than its output (a line that held the key).
    case error
    /// What the end of input had to cancel.
    case report

    /// The kind a page lays the line out as: a page knows commands, comments, narration, output
    /// and errors; the finer kinds are output or errors there.
    public var shownAs: LineKind {
        switch self {
        case .command, .comment, .narration, .output, .error: self
        case .update, .trace, .end: .output
        case .report: .error
        }
    }

    /// True for the kinds written to standard error.
    public var isError: Bool { shownAs == .error }

    /// Its name as a JSON line's `kind`: a command there is its `echo`, as it always was.
    public var jsonLinesName: String { self == .command ? "echo" : rawValue }
}
