/// Folds text to a width at spaces, for `help` and other listings: 80 columns in script mode,
/// the terminal's width at a terminal.
package enum TextWrap {
    /// `lead` then `text`, folded so no line passes `width`; later lines are indented to where
    /// the text began. A word longer than the room is put on a line of its own, whole.
    package static func lines(_ lead: String, _ text: String, width: Int) -> [String] {
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

    /// One line of a listing folded to `width` at spaces, its later lines indented under its
    /// text; what stays on the first line keeps its spacing. A word longer than the room stays whole.
    static func fold(_ line: String, width: Int) -> [String] {
        var chars = Array(line)
        guard chars.count > width else { return [line] }
        let lead = hangingIndent(chars, width: width)
        guard lead < chars.count else { return [line] }
        var lines: [String] = []
        while chars.count > width {
            var cut = min(width, chars.count - 1)
            while cut > lead, chars[cut] != " " { cut -= 1 }
            if cut <= lead { cut = chars[(lead + 1)...].firstIndex(of: " ") ?? chars.count }
            var end = cut
            while end > lead, chars[end - 1] == " " { end -= 1 }
            lines.append(String(chars[..<end]))
            let rest = chars[cut...].drop { $0 == " " }
            if rest.isEmpty { return lines }
            chars = Array(repeating: " ", count: lead) + rest
        }
        lines.append(String(chars))
        return lines
    }

    /// Where a listing line's text begins: after its first gap of two spaces that follows a word
    /// ("  12  search …", "  searchText  \"…\""), if that is in the first half of the width; else
    /// two past the line's own indent.
    private static func hangingIndent(_ chars: [Character], width: Int) -> Int {
        let indent = chars.prefix { $0 == " " }.count
        var index = indent
        while index + 2 < chars.count {
            if chars[index] != " ", chars[index + 1] == " ", chars[index + 2] == " " {
                var end = index + 1
                while end < chars.count, chars[end] == " " { end += 1 }
                return end <= width / 2 ? end : indent + 2
            }
            index += 1
        }
        return indent + 2
    }
}
