import Redaction

extension Shell {
    /// What a line holding a secret (the API key, a served page's token) runs as, said once, when
    /// it arrives.
    static let redactedLineNotice =
        "vmsh: that line held a secret: it runs, and is kept, with \(Secrets.replacement) in its place\n"

    /// `line` as the shell takes it in: with the process's secrets taken out, so the echo, the
    /// command log, `history`, `save`, pages, the line history and the state database all see the
    /// redacted line (a search runs for the redacted text). Says so in one line when it held one.
    public func admitted(_ line: String) -> String {
        let redacted = Secrets.redact(line)
        if redacted != line { output.writeNotice(Self.redactedLineNotice) }
        return redacted
    }
}
