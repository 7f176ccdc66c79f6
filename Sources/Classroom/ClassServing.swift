import Redaction
import SessionWire
import Shell

/// What a class needs of the server the session is served through, beside what `serve` needs
/// (`SessionServing`): its questions opened and closed, the students' answers, the teacher's
/// page's controls. vmsh's server has them; a server without them serves no class.
@MainActor
package protocol ClassServing: AnyObject {
    /// Opens question `number` to the students' answers (nil: closes it, its answers kept to
    /// read); a choice question takes only one of its `choices`.
    func openQuestion(_ number: Int?, choices: [String])
    /// The open (or last closed) question's answers, one per student: the latest each sent.
    var answers: [ClassAnswer] { get }
    /// Hands the controls the teacher's page sends (`ask close`) to `run`, on a server's thread.
    func onControl(_ run: @escaping @Sendable (String) -> Void)
    /// Hands each line a student sends its fork, with who sent it (its connection's id, which a
    /// reloaded page keeps), to `run`, on a server's thread; `run` answers with what the line printed.
    func onFork(
        _ run:
            @escaping @Sendable (_ line: String, _ who: String, _ reply: @escaping @Sendable ([String]) -> Void) -> Void
    )
}

extension SessionFeed {
    /// The server, as a class's: nil when it serves no class.
    var classServer: (any ClassServing)? { server as? any ClassServing }

    /// The teacher asked question `number` (`ask`), or its `round` (`ask again`): each page
    /// shows it with an answer box.
    func question(_ number: Int, round: Int, text: String, lane: String?, choices: [String]) {
        let (text, lane, choices) = (Secrets.redact(text), lane.map(Secrets.redact), choices.map(Secrets.redact))
        // Lasting: a page that opens while it is open, however late, can answer it.
        publish(
            .question(number: number, round: round, text: text, lane: lane, choices: choices), lasting: true)
    }

    /// Question `number`'s `round` closed: each page shows how the class answered, as `answers`
    /// printed it.
    func answers(_ number: Int, round: Int, text: String, answered: Int, right: Int, lines: [String]) {
        let (text, lines) = (Secrets.redact(text), lines.map(Secrets.redact))
        publish(
            .answers(number: number, round: round, text: text, answered: answered, right: right, lines: lines),
            lasting: true)
    }
}
