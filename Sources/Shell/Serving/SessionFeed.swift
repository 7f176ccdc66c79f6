import MarbleDiagrams
import Redaction
import SessionWire

/// The session as the students' pages read it: every transcript line as it is recorded (numbered
/// from the session's first, as `export html` numbers them), the commands typed that no echo
/// showed, each diagram with the lines it stands for, each rewind: each a `FeedMessage`.
///
/// A line whose number the page shows already takes its place (narration replacing the echo of
/// its `say`); a figure replaces the lines of its text drawing, as on the exported page. Every
/// text has the process's secrets taken out (`Secrets`): the feed is one more way out.
@MainActor
package final class SessionFeed {
    package let server: any SessionServing
    /// Where it listens (the page's URL, with its token, is said once and kept nowhere).
    package let address: ServeAddress

    package init(server: any SessionServing, address: ServeAddress) {
        self.server = server
        self.address = address
    }

    /// One recorded line of the transcript.
    func line(_ line: MarblePage.Line, number: Int) {
        publish(.line(line.kind, number: number, text: Secrets.redact(line.text)))
    }

    /// A command as typed, which the terminal shows but no echo recorded.
    func command(_ line: String) {
        publish(.command(Secrets.redact("> " + line)))
    }

    /// A diagram drawn in place of the transcript lines `lines`.
    func figure(title: String, caption: String, svg: String, lines: Range<Int>?) {
        let (title, caption, svg) = (Secrets.redact(title), Secrets.redact(caption), Secrets.redact(svg))
        publish(.figure(title: title, caption: caption, svg: svg, lines: lines))
    }

    /// `goto` or `undo` rebuilt the session as it was after command `number` (its output muted):
    /// what follows on the page continues from there.
    func rewind(to number: Int, line: String?) {
        let place = number == 0 ? "the start" : "command \(number)" + (line.map { " (\($0))" } ?? "")
        publish(.rewind(to: number, text: Secrets.redact("rewound to \(place.sanitizedForTerminal)")))
    }

    /// The clock changed how it runs (played, paused, a new speed): the page shows it in its
    /// header, and a page that opens later, however late, is told the latest.
    func clock(_ state: String) {
        publish(.clock(Secrets.redact(state)), lasting: true)
    }

    /// The lesson's title (its first comment), the page's heading: a page that opens later,
    /// however late, is told it.
    func title(_ text: String) {
        publish(.title(Secrets.redact(text)), lasting: true)
    }

    /// The session so far, for pages that open now: its title and how the clock runs, if it has
    /// them, then the recorded lines, each diagram after the lines it stands for, as they came.
    package func seed(_ record: TranscriptRecord, figures: [MarblePage.Figure], clock: String?, title: String?) {
        title.map(self.title)
        clock.map(self.clock)
        var pending = figures[...]
        for (offset, line) in record.lines.enumerated() {
            let number = record.firstLine + offset
            while let figure = pending.first, let lines = figure.lines, lines.upperBound <= number {
                self.figure(figure)
                pending = pending.dropFirst()
            }
            self.line(line, number: number)
        }
        pending.forEach(self.figure)
    }

    /// A figure `marbles` or `graph` drew: its diagram as a picture, or the picture it has.
    func figure(_ figure: MarblePage.Figure) {
        let svg = figure.picture ?? figure.diagram.map { MarbleSVG.svg($0, title: figure.title) } ?? ""
        self.figure(title: figure.title, caption: figure.caption, svg: svg, lines: figure.lines)
    }

    /// A message of a concern's own (the class's questions), as every other is sent.
    package func publish(_ message: FeedMessage, lasting: Bool = false) {
        server.publish(message, lasting: lasting)
    }
}
