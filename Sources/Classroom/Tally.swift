import Lanes
import SessionWire
import Shell
import TerminalText

/// How the class answered one question: how many, how many right, and the lines `answers`
/// prints: for a marble question the right lane with the commonest wrong answers drawn under it,
/// each with a caret at its first difference; for a choice, each choice counted. Names only in
/// `named`, which `answers --names` adds.
struct Tally: Equatable {
    let question: Question
    let lines: [String]
    /// Each student who gave a name, with their answer and whether it was right.
    let named: [String]
    /// Each answer's student, in the order they came, with its grade: `answers --csv`'s rows.
    let students: [Student]
    var answered: Int { students.count }
    var right: Int { students.count { $0.right } }

    /// Who answered: their name if they gave one, else the id the server gave their page (which it
    /// keeps across reconnects), else nothing that ties two answers together.
    struct Student: Equatable {
        let name: String?
        let voter: String?
        let right: Bool
    }

    /// One question's rounds side by side, once it has had more than one (`ask again`):
    /// "round 1: 8 of 20 right · round 2: 15 of 20 right".
    static func rounds(_ tallies: [Tally]) -> String? {
        guard tallies.count > 1 else { return nil }
        return tallies.map { "round \($0.question.round): \($0.right) of \($0.answered) right" }
            .joined(separator: " · ")
    }

    /// The wrong answers drawn: the commonest first, the rest counted in one line.
    static let wrongShown = 3

    /// Grades `answers` (one per student) against `question`, a marble one against the lane as recorded now.
    @MainActor
    static func grade(_ question: Question, _ answers: [ClassAnswer], _ context: CommandContext) -> Tally {
        // Distinct answers in the order they first came, each with its students.
        var groups: [(text: String, students: [ClassAnswer])] = []
        for answer in answers {
            if let at = groups.firstIndex(where: { $0.text == answer.text }) {
                groups[at].students.append(answer)
            } else {
                groups.append((answer.text, [answer]))
            }
        }
        var verdicts: [String: Bool] = [:]
        var lines = [
            "\(question.title): \(question.text)".terminalField(limit: 400)
        ]
        switch question.kind {
        case .choice(let choices, let right):
            for group in groups { verdicts[group.text] = group.text.lowercased() == right.lowercased() }
            let width = choices.map(\.count).max() ?? 0
            for choice in choices {
                let count = groups.filter { $0.text.lowercased() == choice.lowercased() }.map(\.students.count).reduce(
                    0, +)
                let mark = choice == right ? "*" : " "
                let padded = choice + String(repeating: " ", count: width - choice.count)
                lines.append("  \(mark) \(padded)  \(count)" + (choice == right ? "  right" : ""))
            }
            let others = groups.filter { group in !choices.contains { $0.lowercased() == group.text.lowercased() } }
            let otherCount = others.map(\.students.count).reduce(0, +)
            if otherCount > 0 { lines.append("    (not a choice)  \(otherCount)") }
        case .marbles(let target, let lane):
            lines += marbleLines(target, lane, groups, &verdicts, context)
        }
        let students = answers.map { Student(name: $0.name, voter: $0.voter, right: verdicts[$0.text] == true) }
        let right = students.count { $0.right }
        lines.insert("\(answers.count) answered, \(right) of \(answers.count) right", at: 1)
        let named = answers.compactMap { answer in
            answer.name.map {
                "  \($0.terminalField(limit: 40)): \(answer.text.terminalField(limit: 60))"
                    + (verdicts[answer.text] == true ? "  right" : "")
            }
        }
        return Tally(question: question, lines: lines, named: named, students: students)
    }

    /// The right lane, then the commonest wrong answers under it, each aligned with a caret;
    /// `verdicts` gets each answer's grade.
    @MainActor
    private static func marbleLines(
        _ target: String, _ lane: String, _ groups: [(text: String, students: [ClassAnswer])],
        _ verdicts: inout [String: Bool], _ context: CommandContext
    ) -> [String] {
        // The lane itself first: when it cannot be drawn, no answer can be graded.
        do throws(CommandFailure) {
            _ = try CommandTable.checkLane(target, lane: lane, pattern: "-", context)
        } catch {
            for group in groups { verdicts[group.text] = false }
            return ["cannot grade: \(error.message.sanitizedForTerminal)"]
        }
        var wrong: [(count: Int, lines: [String], pattern: String?)] = []
        var rightLane: String?
        for group in groups {
            let check = try? CommandTable.checkLane(target, lane: lane, pattern: group.text, context)
            verdicts[group.text] = check != nil && check?.mismatch == nil
            let label = "\(group.students.count) said".padding(toLength: 10, withPad: " ", startingAt: 0)
            guard let check else {
                wrong.append(
                    (group.students.count, [label + group.text.quotedForTerminal + " (not a marble string)"], nil))
                continue
            }
            guard let mismatch = check.mismatch, mismatch.count == 3 else {
                rightLane = rightLane ?? group.text.terminalField(limit: 80)
                continue
            }
            let drawn = String(mismatch[1].dropFirst(10))
            rightLane = rightLane ?? drawn
            // The right lane again when this window of it differs (a long lane scrolled elsewhere).
            let again = drawn == rightLane ? [] : ["right     " + drawn]
            wrong.append((group.students.count, again + [label + mismatch[0].dropFirst(10), mismatch[2]], group.text))
        }
        let sorted = wrong.enumerated().sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }
        var lines = rightLane.map { ["right     " + $0] } ?? []
        // Under each wrong lane shown, the misreading it is, when it is one (the session replayed
        // under each: only for the few shown).
        for (_, shown) in sorted.prefix(wrongShown) {
            lines += shown.lines
            if let pattern = shown.pattern,
                let misreading = CommandTable.misreading(of: target, lane: lane, pattern: pattern, context)
            {
                lines.append(String(repeating: " ", count: 10) + misreading)
            }
        }
        let rest = sorted.dropFirst(wrongShown).map(\.element.count).reduce(0, +)
        if rest > 0 { lines.append("and \(rest.counted("other wrong answer"))") }
        return lines
    }
}
