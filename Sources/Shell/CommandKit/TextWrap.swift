/// Folds text to a width at spaces, for `help` and other listings: 80 columns in script mode,
/// the terminal's width at a terminal.
enum TextWrap {
    /// `lead` then `text`, folded so no line passes `width`; later lines are indented to where
    /// the text began. A word longer than the room is put on a line of its own, whole.
    static func lines(_ lead: String, _ text: String, width: Int) -> [String] {
        let indent = String(repeating: " ", count: lead.count)
        let room = max(width - lead.count, 20)
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > room {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines.enumerated().map { index, line in (index == 0 ? lead : indent) + line }
    }
}
