import Glibc
import Shell
import TerminalText

/// `vmsh --grade LESSON ANSWERS`: runs a lesson, and at each of its questions (`answer NAME`) a
/// learner's answer to it from ANSWERS; the expectations right after the question then grade
/// what the whole answer printed. Once they are over, the session is rebuilt (as `goto` does) to
/// where the question was asked, so no answer changes the ground of the lesson or of the next
/// answer. The report says each question right or wrong and the score, and never what a hidden
/// expectation looked for (nbgrader's hidden tests).
@MainActor
public final class Grader {
    /// One question of the lesson, as graded.
    private struct Item {
        /// The question's name as the answers file gives it: what the report matches answers by.
        let name: String
        var answered = false
        /// Why the grading could not finish it: its budget ran out in it or before it.
        var stopped: String?
        /// Why the learner's own lines failed, the first of them.
        var learnerFailures: [String] = []
        /// What the first of them showed under its error: a wrong prediction's two lanes and caret.
        var shown: [String] = []
        /// The first check after the question that failed, said without its text.
        var failedCheck: String?

        /// Nil when right; else why not, in words that show no hidden check.
        var wrong: String? {
            if let stopped { return stopped }
            guard answered else { return "no answer" }
            return learnerFailures.first ?? failedCheck
        }
    }

    /// How many lines of what a learner's failed line showed the report repeats.
    static let shownLimit = 4
    private let shell: Shell
    private let answers: AnswersFile
    private var items: [Item] = []
    /// True while the checks right after the current question run.
    private var checking = false
    /// The state the current question was asked in (its last numbered command), until its
    /// answer is undone back to it.
    private var askedAt: Int?
    /// Why an answer could not be undone (a session that cannot be rebuilt), said once.
    private var rebuildFailure: String?
    /// The columns each report line is folded to: the terminal's; nil when the report goes to no
    /// terminal (a file or a pipe keeps its lines whole).
    public var columns: Int?
    /// The CPU time the lesson and one file's answers may take: past it the grading stops where
    /// it stands and the report marks what it did not finish (a loop nothing else bounds would
    /// otherwise keep the score from ever being said). As typed, for the report.
    public var budget: (time: Duration, text: String) = (.seconds(60), "60s")
    /// Set once the budget ran out.
    private var overBudget = false

    /// Reads the answers at `answersPath`; throws when they cannot be read.
    public init(shell: Shell, answersPath: String) throws(CommandFailure) {
        self.shell = shell
        answers = try AnswersFile(path: answersPath)
        // The answers act on nothing outside the session: no file, no server, no stream read.
        shell.context.session.scripts.confinedBy = "--grade"
        columns = shell.context.session.terminal.width
    }

    /// Each question graded so far, in the lesson's order: right, wrong, or nil for no answer, as
    /// the report says them: the gradebook's row.
    public var scores: [(question: String, right: Bool?)] {
        items.map { ($0.name, $0.answered ? $0.wrong == nil : nil) }
    }

    /// Runs `lesson` (named `name` in the report) with the answers, and returns the report's
    /// lines and whether every question was answered right.
    public func grade(_ lesson: ScriptRunner.Source, named name: String) -> (report: [String], allRight: Bool) {
        let runner = ScriptRunner(shell: shell, echo: false, bail: false)
        runner.observe = { [unowned self] line, location, outcome in self.lessonRan(line, at: location, outcome) }
        runner.willRun = { [unowned self] line in self.lessonWillRun(line) }
        // The budget interrupts as Ctrl-C does: between lines, and inside a long wait.
        let start = Self.cpuTime()
        let interrupted = shell.isInterrupted
        shell.isInterrupted = { [weak self] in
            guard let self else { return interrupted() }
            if !overBudget, Self.cpuTime() - start > budget.time { overBudget = true }
            return overBudget || interrupted()
        }
        _ = runner.run(lesson)
        if !overBudget { _ = runner.finish() }
        let asked = Set(items.map(\.name))
        if overBudget {
            // Ran out in an answer or in the checks after it: more of them might have failed.
            if checking { items[items.count - 1].stopped = "unfinished: " + ranOut }
            items += answers.names.filter { !asked.contains($0) }.map {
                Item(name: $0, answered: true, stopped: "not reached: the budget ran out before its question")
            }
        }
        let width = items.map { Self.shown($0.name).count }.max() ?? 0
        var report = ["grading \(answers.path.sanitizedForTerminal) against \(name.sanitizedForTerminal)"]
        for item in items {
            let verdict = item.wrong.map { "wrong  " + $0.terminalField(limit: 200) } ?? "right"
            report.append("  " + Self.shown(item.name).padded(to: width) + "  " + verdict)
            if item.wrong != nil, item.wrong == item.learnerFailures.first {
                report += item.shown.prefix(Self.shownLimit).map { "    | " + $0.terminalField(limit: 200) }
            }
        }
        if overBudget {
            report.append("the grading stopped: " + ranOut + "; what it did not finish counts as wrong")
        }
        report += rebuildFailure.map { ["the answers could not each start from their question: " + $0] } ?? []
        report += answers.problems
        report += answers.names.filter { !asked.contains($0) && !overBudget }.map {
            "\(answers.path.sanitizedForTerminal): answer \(Self.shown($0)) answers no question of "
                + name.sanitizedForTerminal
        }
        let right = items.filter { $0.wrong == nil }.count
        if items.isEmpty {
            report.append("\(name.sanitizedForTerminal) asks no question (no answer line): nothing to grade")
        }
        report.append("score \(right)/\(items.count)")
        let fitted = columns.map { columns in report.flatMap { Self.fitted($0, to: max(columns, 20)) } } ?? report
        return (fitted, !items.isEmpty && right == items.count)
    }

    /// The grading's budget, said.
    private var ranOut: String { "its budget of \(budget.text) of CPU time (--grade-budget) ran out" }

    /// The CPU time this process has used, all its threads.
    private static func cpuTime() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }

    /// A question's name as the report shows it: a long one shortened, the same way everywhere.
    private static func shown(_ name: String) -> String { name.terminalField(limit: 40) }

    /// `line` folded to `columns` of the terminal, at a space when one is in the second half of
    /// the room, its later lines indented: no report line is wider than the terminal, and none
    /// loses a word of why an answer was wrong.
    static func fitted(_ line: String, to columns: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(line)
        var lead = ""
        while (lead + rest).displayWidth > columns {
            let room = columns - lead.count
            var end = rest.startIndex
            var width = 0
            while end < rest.endIndex {
                let next = String(rest[end]).displayWidth
                if width + next > room { break }
                width += next
                end = rest.index(after: end)
            }
            if end == rest.startIndex { end = rest.index(after: end) }
            if let space = rest[..<end].lastIndex(of: " "), rest.distance(from: rest.startIndex, to: space) > room / 2 {
                end = space
            }
            lines.append(lead + rest[..<end])
            rest = rest[end...].drop { $0 == " " }
            lead = "      "
        }
        return lines + (rest.isEmpty && !lines.isEmpty ? [] : [lead + rest])
    }

    /// A line of the lesson is about to run: past the checks of a question, the answer is undone.
    private func lessonWillRun(_ line: String) {
        guard let state = askedAt, !isCheck(line) else { return }
        askedAt = nil
        guard shell.log.lastNumber != state, rebuildFailure == nil else { return }
        do throws(CommandFailure) {
            try shell.rebuild(upTo: state)
        } catch {
            rebuildFailure = error.message
        }
    }

    private func isCheck(_ line: String) -> Bool {
        shell.table.command(named: Shell.split(line).name)?.isExpectation == true
    }

    /// A line of the lesson ran: a question runs the learner's answer; the checks after it grade it.
    private func lessonRan(_ line: String, at location: String, _ outcome: LineOutcome) {
        if let question = AnswersFile.answerName(line) {
            items.append(Item(name: question))
            askedAt = shell.log.lastNumber
            runAnswer(to: question)
            checking = true
            return
        }
        let (name, argument) = Shell.split(line)
        guard checking, let command = shell.table.command(named: name), command.isExpectation else {
            checking = false
            return
        }
        switch outcome {
        case .failed:
            if items[items.count - 1].failedCheck == nil {
                items[items.count - 1].failedCheck =
                    command.hidesArgument(argument) ? "a hidden check failed" : "the check at \(location) failed"
            }
        case .forgavePreviousFailure:
            // The question asked for a command that fails: the learner's last failure was the answer.
            _ = items[items.count - 1].learnerFailures.popLast()
        case .succeeded, .quit:
            break
        }
    }

    /// Runs the learner's lines for `question`, noting each that failed; the checks then read
    /// everything they printed.
    private func runAnswer(to question: String) {
        guard let lines = answers.answers[question] else { return }
        let runner = ScriptRunner(shell: shell, echo: false, bail: false)
        runner.observe = { [unowned self] line, location, outcome in
            items[items.count - 1].answered = true
            guard case .failed(let failure) = outcome else { return }
            let message = failure.message
            let said = message.hasSuffix(":") ? String(message.dropLast()) : message
            if items[items.count - 1].learnerFailures.isEmpty { items[items.count - 1].shown = failure.details }
            items[items.count - 1].learnerFailures.append("\(location): \(said)")
        }
        shell.output.beginSpan()
        _ = runner.run(.numbered(name: answers.path, lines: lines))
        shell.output.endSpan()
        if overBudget { items[items.count - 1].stopped = "unfinished: " + ranOut }
        // An answer of only comments left the question open: its checks are for no answer.
        shell.context.session.expectations.isUnanswered = !items[items.count - 1].answered
    }
}
