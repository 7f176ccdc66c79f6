import Lessons
import LineEditing
import Reactive
import Shell
import TerminalText
import TerminalViews

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension App {
    /// `--grade LESSON ANSWERS...`: each answers file graded in a silent session of its own, on a
    /// virtual clock of its own (so no learner's answer reaches another's), its report after the
    /// one before; with `--csv FILE` the gradebook too, a row each, as the reports say. 0 when every
    /// score is full.
    func grade(_ lesson: String, _ environment: [String: String]) -> Int32 {
        var book: Gradebook?
        var status: Int32 = 0
        for answers in options.scripts {
            guard let source = openScript(lesson) else { return 1 }
            let shell = makeShell(
                environment, clock: .virtual(VirtualScheduler()), sink: SilentOutput(), warnings: output,
                color: false, progress: nil)
            let grader: Grader
            do throws(CommandFailure) {
                grader = try Grader(shell: shell, answersPath: answers)
            } catch {
                output.writeError("vmsh: \(error.message)\n")
                status = 1
                continue
            }
            // At a terminal no report line is wider than it; a file or a pipe keeps them whole.
            grader.columns = isatty(1) == 1 ? Screen.columns() : nil
            if let text = options.gradeBudget, let budget = Shell.parseDuration(text) { grader.budget = (budget, text) }
            let (report, allRight) = grader.grade(source, named: lesson)
            shell.endNow()
            output.writeOutput(report.map { $0 + "\n" }.joined())
            if !allRight { status = 1 }
            var graded = book ?? Gradebook(questions: grader.scores.map(\.question))
            // One lesson asks the same questions of every file; by name, should one have stopped short.
            let right = Dictionary(
                grader.scores.map { ($0.question, $0.right) }, uniquingKeysWith: { first, _ in first })
            graded.rows.append((answers, graded.questions.map { right[$0] ?? nil }))
            book = graded
        }
        guard let path = options.csv, let book else { return status }
        do throws(CommandFailure) {
            try OwnFile.write(book.text, to: path, mark: Gradebook.mark, by: "--grade --csv", confinedBy: nil)
        } catch {
            output.writeError("vmsh: \(error.message)\n")
            return 1
        }
        output.writeOutput(
            "wrote \(book.rows.count.counted("student")) by \(book.questions.count.counted("question")) to "
                + path.terminalField(limit: 200) + "\n")
        return status
    }
}
