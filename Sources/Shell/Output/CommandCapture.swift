/// What `expect` reads: the text a command printed (its errors included), and across commands
/// while a span is open (an exercise's whole answer).
package struct CommandCapture {
    private(set) var sinceCommand = ""
    /// What was written since `beginSpan`, across commands.
    private var span: String?

    mutating func beginCommand() { sinceCommand = "" }

    mutating func take(_ printed: Printed) {
        sinceCommand += printed.text
        span? += printed.text
    }

    /// Keeps what the next commands write as one piece, until `endSpan`.
    mutating func beginSpan() { span = "" }

    /// What `expect` reads from now on is everything written since `beginSpan`, as if one command
    /// had printed it: the checks after an exercise's question read the learner's whole answer.
    mutating func endSpan() {
        if let span { sinceCommand = span }
        span = nil
    }
}
