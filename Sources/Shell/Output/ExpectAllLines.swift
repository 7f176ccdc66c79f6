/// Standard output since the current command began, line by line, for `expect-all`: kept only
/// while the session expects all, so every other line printed costs nothing more.
package struct ExpectAllLines {
    /// True while `expect-all` is on: only then are the lines kept.
    var isOn = false
    private(set) var lines: [PrintedLine] = []
    /// True when the last line has not reached its newline yet.
    private var lineIsOpen = false

    mutating func beginCommand() {
        lines = []
        lineIsOpen = false
    }

    /// Splits what was printed into lines; `byTimer`: a timer printed it (an update).
    mutating func take(_ printed: Printed, byTimer: Bool) {
        guard isOn, !printed.text.isEmpty else { return }
        var pieces = printed.text.split(separator: "\n", omittingEmptySubsequences: false)
        let endsLine = pieces.last?.isEmpty == true
        if endsLine { pieces.removeLast() }
        if lineIsOpen, !pieces.isEmpty {
            lines[lines.count - 1].text += pieces.removeFirst()
        }
        lines += pieces.map { PrintedLine(text: String($0), isUpdate: byTimer) }
        lineIsOpen = !endsLine && (lineIsOpen || !pieces.isEmpty)
    }
}
