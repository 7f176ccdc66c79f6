import Shell
import TerminalText

/// `answers [N|--all] [--names] [--csv FILE]`: how the class answered, the latest question or
/// any earlier one, every question at once, and as a table to take away.
extension CommandTable {
    static let answers: ShellCommand = ShellCommand(
        name: "answers",
        parameters: [.init(name: "N|--all --names --csv FILE", kind: .text(suggestions: .none), isOptional: true)],
        synopsis: "answers [N|--all] [--names] [--csv FILE]",
        summary: "how the class answered the last question (or question N, or --all of them): how many, N of M "
            + "right, and the commonest wrong answers drawn under the right lane with a caret at their first difference",
        example: "answers 2",
        details: [
            "answers --names: also each student who gave a name, with their answer, at this terminal only: no page, "
                + "export or recording of the class holds a name",
            "answers --csv FILE: the gradebook, one row per student (student 1, 2… in the order they first "
                + "answered; their names with --names) and one column per closed question (each round of one asked "
                + "again its own): 1 right, 0 wrong, empty for no answer, then how many right",
        ],
        misuse: misuse, effect: .readsOnly,
        run: { arguments, context throws(CommandFailure) in
            let asked = try Asked(arguments.text(0) ?? "")
            let state = context.classroom
            if let path = asked.csv {
                guard !state.tallies.isEmpty else {
                    throw CommandFailure("no question closed yet: answers --csv writes the closed ones")
                }
                let text = AnswersTable.text(state.tallies, names: asked.names)
                try OwnFile.write(
                    text, to: path, mark: AnswersTable.mark, formerMarks: [AnswersTable.formerMark],
                    by: "answers --csv", confinedBy: context.session.scripts.confinedBy)
                let questions = Set(state.tallies.map(\.question.number)).count
                let rounds = state.tallies.count > questions ? " (\(state.tallies.count) rounds)" : ""
                let students = text.split(separator: "\n").count - 1
                context.say(
                    "wrote \(students.counted("student")) by \(questions.counted("question"))\(rounds) to "
                        + path.terminalField(limit: 200))
                return .succeeded
            }
            if asked.number == nil, !asked.all, let open = state.open {
                let count = context.transcript.feed?.classServer?.answers.count ?? 0
                context.say("\(open.title) is open: \(count) answered so far; ask close grades them")
                return .succeeded
            }
            guard let last = state.last else { throw CommandFailure("no question asked yet: \(Question.usage)") }
            if asked.all {
                for tally in state.tallies { show(tally, names: asked.names, publish: tally == last, context) }
                return .succeeded
            }
            let number = asked.number ?? last.question.number
            // A question asked again: its latest round, the earlier ones side by side under it.
            guard let tally = state.tallies.last(where: { $0.question.number == number }) else {
                var seen: Set<Int> = []
                let numbers = state.tallies.map(\.question.number).filter { seen.insert($0).inserted }
                    .map(String.init).joined(separator: ", ")
                throw CommandFailure("no closed question \(number): the closed ones are \(numbers)")
            }
            // An earlier question's tally is printed; the pages keep the latest one's result.
            show(tally, names: asked.names, publish: tally == last, context)
            return .succeeded
        })

    private nonisolated static let misuse = "usage: answers [N|--all] [--names] [--csv FILE]"

    /// What `answers` was asked for.
    private struct Asked {
        var number: Int?
        var all = false
        var names = false
        var csv: String?

        init(_ text: String) throws(CommandFailure) {
            var words = text.split(separator: " ").map(String.init)[...]
            while let word = words.popFirst() {
                switch word {
                case "--all": all = true
                case "--names": names = true
                case "--csv":
                    guard let path = words.popFirst() else { throw CommandFailure("answers --csv needs a file") }
                    csv = path
                case _ where Parse.row(word) != nil && number == nil: number = Parse.row(word)
                default: throw CommandFailure(misuse)
                }
            }
            if all, number != nil { throw CommandFailure("answers takes a question's number or --all, not both") }
        }
    }
}

/// The gradebook of the class: one column per closed question (each round of one asked again a
/// column of its own), 1 where `answers` graded their answer right, 0 where wrong, empty where they
/// gave none. A student is their name with `--names`, else "student N" in the order they first
/// answered, known again by name or by the id the server gave their page. `answers --csv` overwrites only a file
/// it (or `--grade --csv`) wrote, and the table of one row per answer it wrote before.
enum AnswersTable {
    static let mark = Gradebook.mark
    /// The header of the table of one row per answer, which `answers --csv` wrote before.
    static let formerMark = "question,asked,answered,right,answer,students,correct"

    static func text(_ tallies: [Tally], names: Bool) -> String {
        var book = Gradebook(
            questions: tallies.map { tally in
                tally.question.round > 1
                    ? "question \(tally.question.number) round \(tally.question.round)"
                    : "question \(tally.question.number)"
            })
        // Each student once, in the order they first answered: by name, else by page.
        var rows: [String: Int] = [:]
        for (column, tally) in tallies.enumerated() {
            for (index, student) in tally.students.enumerated() {
                let key =
                    student.name.map { "name " + $0 } ?? student.voter.map { "voter " + $0 }
                    ?? "answer \(column) \(index)"
                if rows[key] == nil {
                    rows[key] = book.rows.count
                    let label = "student \(book.rows.count + 1)"
                    book.rows.append(
                        (names ? student.name ?? label : label, Array(repeating: nil, count: tallies.count)))
                }
                book.rows[rows[key] ?? 0].scores[column] = student.right
            }
        }
        return book.text
    }
}
