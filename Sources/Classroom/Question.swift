import Shell
import TerminalText

/// A question the teacher asks the class (`ask`): what a lane will do, answered as a marble
/// string and graded as `predict` grades; or a choice among words, one of them right.
struct Question: Equatable {
    enum Kind: Equatable {
        /// Lane `lane` of `target` (a row or a name), as `marbles TARGET` draws it.
        case marbles(target: String, lane: String)
        /// One of `choices`; `right` is the one marked with a leading `*`.
        case choice(choices: [String], right: String)
    }

    let number: Int
    let kind: Kind
    /// What the pages show, and `answers` repeats.
    let text: String
    /// 1, then 2 and on as `ask again` reopens it for another vote (peer instruction's second round).
    var round = 1

    /// How `answers` and the pages name it: "question 2", or "question 2, round 2".
    var title: String { round > 1 ? "question \(number), round \(round)" : "question \(number)" }

    /// For a marble question, the lane as `predict` names it ("delay(1s) of row 1").
    var lane: String? {
        guard case .marbles(let target, let lane) = kind else { return nil }
        return Self.laneName(lane, of: target)
    }

    static func laneName(_ lane: String, of target: String) -> String {
        "\(lane) of \(Parse.row(target).map { "row \($0)" } ?? target.lowercased())".terminalField(limit: 120)
    }

    var choices: [String] {
        guard case .choice(let choices, _) = kind else { return [] }
        return choices
    }

    /// What `ask` takes after its name: `ROW|NAME LANE`, or `"QUESTION" CHOICE… ` with the right
    /// choice marked `*CHOICE`.
    static let usage = "ask ROW|NAME LANE, ask \"QUESTION\" CHOICE *RIGHT CHOICE…, ask close, or ask again"

    /// `ask`'s argument as the pages may see it: a choice question without the mark on its right
    /// choice, its choices split as `parse` splits them (on any whitespace, a no-break space too).
    /// A line that does not parse loses every mark that starts a word: a mistyped question's echo
    /// must not give its answer away either.
    static func withoutMark(_ text: String) -> String {
        let unmarked = { (words: [String]) in words.map { $0.hasPrefix("*") ? String($0.dropFirst()) : $0 } }
        guard let (asked, words) = split(text) else {
            return unmarked(text.split(whereSeparator: \.isWhitespace).map(String.init)).joined(separator: " ")
        }
        return (["\"" + asked + "\""] + unmarked(words)).joined(separator: " ")
    }

    /// A choice question's text and its choice words, as typed (a mark and quotes still on them);
    /// nil when `text` does not start with a quoted question.
    private static func split(_ text: String) -> (asked: String, words: [String])? {
        let text = text.trimmingSpaces
        guard text.hasPrefix("\""), let close = text.dropFirst().firstIndex(of: "\"") else { return nil }
        let asked = String(text[text.index(after: text.startIndex)..<close])
        return (asked, text[text.index(after: close)...].split(whereSeparator: \.isWhitespace).map(String.init))
    }

    /// The question `text` asks, numbered `number`; a one-line failure for anything else.
    static func parse(_ text: String, number: Int) throws(CommandFailure) -> Question {
        let text = text.trimmingSpaces
        if text.hasPrefix("\"") {
            guard let (asked, words) = split(text) else {
                throw CommandFailure("ask: the question needs its closing quote: \(usage)")
            }
            return try choice(asked.trimmingSpaces, words, number: number)
        }
        let words = text.split(separator: " ", maxSplits: 1).map { String($0).trimmingSpaces }
        guard words.count == 2, !words[1].isEmpty else { throw CommandFailure("ask needs a question: \(usage)") }
        let lane =
            words[1].count >= 2 && words[1].hasPrefix("\"") && words[1].hasSuffix("\"")
            ? String(words[1].dropFirst().dropLast()) : words[1]
        let asked = "What will \(laneName(lane, of: words[0])) do? Answer as a marble string (- is 100 ms)."
        return Question(number: number, kind: .marbles(target: words[0], lane: lane), text: asked)
    }

    private static func choice(_ asked: String, _ words: [String], number: Int) throws(CommandFailure) -> Question {
        guard !asked.isEmpty else { throw CommandFailure("ask: the question is empty: \(usage)") }
        // A choice may be quoted ("1-10", *"11-20"): the quotes are not part of it.
        let unquoted = { (word: String) in
            word.count >= 2 && word.hasPrefix("\"") && word.hasSuffix("\"") ? String(word.dropFirst().dropLast()) : word
        }
        let marked = words.filter { $0.hasPrefix("*") }.map { "*" + unquoted(String($0.dropFirst())) }
        let choices = words.map { $0.hasPrefix("*") ? unquoted(String($0.dropFirst())) : unquoted($0) }
        guard choices.count >= 2, choices.count <= 10, choices.allSatisfy({ !$0.isEmpty }) else {
            throw CommandFailure("ask \"QUESTION\" takes 2 to 10 choices, the right one marked *: \(usage)")
        }
        guard marked.count == 1 else {
            throw CommandFailure("ask: mark exactly one choice right with a leading * (\(marked.count) marked)")
        }
        guard Set(choices.map { $0.lowercased() }).count == choices.count else {
            throw CommandFailure("ask: each choice once")
        }
        let shown = choices.map { $0.terminalField(limit: 40) }
        return Question(
            number: number,
            kind: .choice(choices: shown, right: String(marked[0].dropFirst()).terminalField(limit: 40)),
            text: asked.terminalField(limit: 300))
    }
}
