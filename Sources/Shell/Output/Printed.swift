import OutputKinds
import TerminalViews

/// What one write printed, as a value from where it was made: its kind, its text (whole lines as
/// written, ending in a newline; a prompt's may not), the number of the command running (nil
/// between commands and for one that changes nothing) and the clock time. The capture for
/// `expect`, `expect-all`'s lines, JSON lines, the transcript, the recording and the served feed
/// each read it; none reads a kind from the text.
package struct Printed {
    let kind: LineKind
    let text: String
    let command: Int?
    let time: Duration
}

extension Printed {
    /// The same without the terminal's colours (`Style.unstyled`).
    var unstyled: Printed { Printed(kind: kind, text: Style.unstyled(text), command: command, time: time) }
}
