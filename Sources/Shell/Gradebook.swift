import TerminalText

/// A gradebook as CSV: a row a student, a column a question, 1 right, 0 wrong, empty unanswered,
/// after the student the count right. `answers --csv` and `vmsh --grade … --csv` both write it,
/// under one mark (the header's start): each overwrites only a file one of them wrote.
package struct Gradebook {
    package static let mark = "student,right,"

    package var questions: [String]
    package var rows: [(student: String, scores: [Bool?])] = []

    package init(questions: [String]) { self.questions = questions }

    package var text: String {
        var text = Self.mark + questions.map(Self.field).joined(separator: ",") + "\n"
        for (student, scores) in rows {
            let cells = scores.map { $0.map { $0 ? "1" : "0" } ?? "" }
            let fields = [student, "\(scores.count { $0 == true })"] + cells
            text += fields.map(Self.field).joined(separator: ",") + "\n"
        }
        return text
    }

    /// A CSV field: quoted when it holds a comma or a quote; never one a spreadsheet would run as
    /// a formula (a student's text starting `=`, `+` or `@` is kept as text with a `'`; a marble
    /// string's leading `-` stays as written).
    private static func field(_ text: String) -> String {
        var text = text.sanitizedForTerminal
        if let first = text.first, "=+@".contains(first) { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" }) else { return text }
        return "\""
            + text.reduce(into: "") { quoted, character in
                quoted.append(character)
                if character == "\"" { quoted.append("\"") }
            } + "\""
    }
}
