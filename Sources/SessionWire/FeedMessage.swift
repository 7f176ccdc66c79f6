import OutputKinds

/// One message the served page receives over `/follow`, one JSON object a line of a frame:
///
///     {"kind":"output","n":12,"text":"[00:00.400] push SearchResultsViewModel \"sunset\""}
///     {"caption":"marbles 21","kind":"figure","lines":[14,19],"svg":"<svg …","title":"row 21 …"}
///
/// Shell makes them (`SessionFeed`), the server adds `missed`, the page's script (`follow-page.js`)
/// reads them by `kind`. Texts arrive here with the process's secrets already taken out.
public enum FeedMessage: Sendable, Equatable {
    /// A recorded line of the transcript, numbered from the session's first, as the page shows it.
    case line(LineKind, number: Int, text: String)
    /// A command as typed, which the terminal showed but no echo recorded.
    case command(String)
    /// A diagram drawn in place of the transcript lines `lines`.
    case figure(title: String, caption: String, svg: String, lines: Range<Int>?)
    /// The session was rebuilt as it was after command `to`: the page goes on from there.
    case rewind(to: Int, text: String)
    /// How the clock runs (played, paused, a speed): said lasting, so a late page hears it first.
    case clock(String)
    /// The lesson's title (its first comment): the page's heading, said lasting.
    case title(String)
    /// A page that joined late missed the session's first `count` messages, no longer kept.
    case missed(count: Int)
    /// The teacher asked question `number` (`ask`), or asked it again (`ask again`: its `round`
    /// after the first): a marble question names its `lane`, a choice question its `choices`; the
    /// page shows an answer box until its `answers`.
    case question(number: Int, round: Int = 1, text: String, lane: String?, choices: [String])
    /// Question `number`'s `round` closed: how many answered, how many were right, and the lines
    /// `answers` printed (the right lane and the commonest wrong ones, or the choices counted).
    case answers(number: Int, round: Int = 1, text: String, answered: Int, right: Int, lines: [String])
    /// To one student: its answer to question `number` counts (its latest replaces any earlier).
    case received(number: Int)
    /// To one student: what it sent is not taken, and why.
    case refused(String)
    /// To one student: what the line it ran in its own fork of the session printed.
    case forked(line: String, lines: [String])
    /// To one student, first: the id the server gave this page's connection. The page names it
    /// when it follows again (`&voter=`), so a reconnected page is the same student; it cannot
    /// choose one, only give back what it was given.
    case voter(String)

    /// The message as the page reads it: one JSON object, no newline.
    public var json: String { WireJSON.line(self) }

    /// What a lasting message says how it stands of: the clock, or the class's latest question
    /// (asked, then closed), each kept apart for a page that joins after the history let it go.
    public var standing: String {
        switch self {
        case .question, .answers: "question"
        case .title: "title"
        default: "clock"
        }
    }
}

extension FeedMessage: Encodable {
    private enum Key: String, CodingKey {
        case kind, n, text, title, caption, svg, lines, to, count, question, round, lane, choices, answered, right,
            line, id
    }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Key.self)
        switch self {
        case .line(let kind, let number, let text):
            try fields.encode(kind.shownAs.rawValue, forKey: .kind)
            try fields.encode(number, forKey: .n)
            try fields.encode(text, forKey: .text)
        case .command(let text):
            try fields.encode("command", forKey: .kind)
            try fields.encode(text, forKey: .text)
        case .figure(let title, let caption, let svg, let lines):
            try fields.encode("figure", forKey: .kind)
            try fields.encodeIfPresent(lines.map { [$0.lowerBound, $0.upperBound] }, forKey: .lines)
            try fields.encode(title, forKey: .title)
            try fields.encode(caption, forKey: .caption)
            try fields.encode(svg, forKey: .svg)
        case .rewind(let number, let text):
            try fields.encode("rewind", forKey: .kind)
            try fields.encode(number, forKey: .to)
            try fields.encode(text, forKey: .text)
        case .clock(let text):
            try fields.encode("clock", forKey: .kind)
            try fields.encode(text, forKey: .text)
        case .title(let text):
            try fields.encode("title", forKey: .kind)
            try fields.encode(text, forKey: .text)
        case .missed(let count):
            try fields.encode("missed", forKey: .kind)
            try fields.encode(count, forKey: .count)
        case .question(let number, let round, let text, let lane, let choices):
            try fields.encode("question", forKey: .kind)
            try fields.encode(number, forKey: .question)
            // A first round says none: what a page of an earlier vmsh read is unchanged.
            if round > 1 { try fields.encode(round, forKey: .round) }
            try fields.encode(text, forKey: .text)
            try fields.encodeIfPresent(lane, forKey: .lane)
            if !choices.isEmpty { try fields.encode(choices, forKey: .choices) }
        case .answers(let number, let round, let text, let answered, let right, let lines):
            try fields.encode("answers", forKey: .kind)
            try fields.encode(number, forKey: .question)
            if round > 1 { try fields.encode(round, forKey: .round) }
            try fields.encode(text, forKey: .text)
            try fields.encode(answered, forKey: .answered)
            try fields.encode(right, forKey: .right)
            try fields.encode(lines, forKey: .lines)
        case .received(let number):
            try fields.encode("received", forKey: .kind)
            try fields.encode(number, forKey: .question)
        case .refused(let text):
            try fields.encode("refused", forKey: .kind)
            try fields.encode(text, forKey: .text)
        case .forked(let line, let lines):
            try fields.encode("forked", forKey: .kind)
            try fields.encode(line, forKey: .line)
            try fields.encode(lines, forKey: .lines)
        case .voter(let id):
            try fields.encode("voter", forKey: .kind)
            try fields.encode(id, forKey: .id)
        }
    }
}
