/// What `expect` reads: the text a command printed (its errors included), and across commands
/// while a span is open (an exercise's whole answer). A hidden check reads only the output:
/// neither narration (`say`) nor errors, so a learner cannot answer it by saying its text.
package struct CommandCapture {
    private(set) var sinceCommand = ""
    /// Only the output since the command began: what a hidden check reads.
    private(set) var outputSinceCommand = ""
    /// What was written since `beginSpan`, across commands: all of it, and the output alone.
    private var span: (all: String, output: String)?

    mutating func beginCommand() {
        sinceCommand = ""
        outputSinceCommand = ""
    }

    mutating func take(_ printed: Printed, isOutput: Bool) {
        sinceCommand += printed.text
        span?.all += printed.text
        if isOutput {
            outputSinceCommand += printed.text
            span?.output += printed.text
        }
    }

    /// Keeps what the next commands write as one piece, until `endSpan`.
    mutating func beginSpan() { span = ("", "") }

    /// What `expect` reads from now on is everything written since `beginSpan`, as if one command
    /// had printed it: the checks after an exercise's question read the learner's whole answer.
    mutating func endSpan() {
        if let span { (sinceCommand, outputSinceCommand) = span }
        span = nil
    }
}
