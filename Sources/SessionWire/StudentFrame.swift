import Foundation

/// One student's answer as the server keeps it: its text and the name the student chose, if any,
/// both already bounded and cleaned (`StudentFrame.read`); and who sent it, the id the server gave
/// its connection (`voter`, nil until the server sets it), so a page that reconnects answers once.
public struct ClassAnswer: Sendable, Equatable {
    public let text: String
    public let name: String?
    public let voter: String?

    public init(text: String, name: String?, voter: String? = nil) {
        (self.text, self.name, self.voter) = (text, name, voter)
    }

    /// The same answer, from `voter`.
    public func from(_ voter: String) -> ClassAnswer { ClassAnswer(text: text, name: name, voter: voter) }
}

/// What a page may send over its WebSocket, one JSON object a text frame: an answer to the open
/// question, `{"answer": TEXT}` (with `"name": NAME` if the student gave one), or, from the
/// teacher's page only, a control, `{"control": "ask close"}`; or a line for the student's own fork
/// of the session, `{"fork": LINE}`. Anything else is malformed. Who sent it is the connection's,
/// never a field: a page cannot answer for another by naming it.
public enum StudentFrame: Sendable, Equatable {
    case answer(ClassAnswer)
    case control(String)
    /// A line to run in the student's own fork.
    case fork(line: String)

    /// The longest answer and name kept, in characters: a marble string or a choice is short.
    public static let answerLength = 200
    public static let nameLength = 40
    /// The longest line a fork takes: a pipeline of its ten steps and more.
    public static let forkLength = 400

    private struct Fields: Decodable {
        var answer: String?
        var name: String?
        var control: String?
        var fork: String?
    }

    /// The frame read, its texts cleaned; nil when it is not JSON, or not one of the two shapes.
    public static func read(_ text: String) -> StudentFrame? {
        guard let fields = try? JSONDecoder().decode(Fields.self, from: Data(text.utf8)) else { return nil }
        if let fork = fields.fork {
            guard fields.answer == nil, fields.control == nil, fields.name == nil else { return nil }
            return .fork(line: clean(fork, limit: forkLength))
        }
        switch (fields.answer, fields.control) {
        case (let answer?, nil):
            let cleanName = fields.name.map { clean($0, limit: nameLength) }
            return .answer(
                ClassAnswer(
                    text: clean(answer, limit: answerLength), name: cleanName?.isEmpty == false ? cleanName : nil))
        case (nil, let control?) where fields.name == nil:
            return .control(clean(control, limit: answerLength))
        default:
            return nil
        }
    }

    /// `text` on one line, without control characters or bidirectional overrides (they could
    /// reorder or hide what a teacher reads), trimmed and cut to `limit` characters.
    public static func clean(_ text: String, limit: Int) -> String {
        let kept = text.unicodeScalars.map { scalar -> String in
            if scalar.properties.generalCategory == .control { return " " }
            if scalar.properties.isBidiControl || scalar.properties.generalCategory == .format { return "" }
            return String(scalar)
        }.joined()
        // A character is at most `scalarsPerCharacter` scalars: a letter under 450 combining marks
        // is one character, and would take 900 bytes of every page for one of the 40 allowed.
        let bounded = kept.trimmingCharacters(in: .whitespaces).prefix(limit).map { character in
            character.unicodeScalars.count <= scalarsPerCharacter
                ? String(character)
                : String(String.UnicodeScalarView(character.unicodeScalars.prefix(scalarsPerCharacter)))
        }
        return bounded.joined()
    }

    /// Enough for a letter with its accents, and for an emoji and its modifiers.
    public static let scalarsPerCharacter = 8
}
