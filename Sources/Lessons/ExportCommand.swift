import MarbleDiagrams
import Shell

/// `export html|cast FILE`: the session kept, as a page or as a recording.
extension CommandTable {
    package static let export: ShellCommand = ShellCommand(
        name: "export",
        parameters: [
            .init(name: "html|cast", kind: .choice(["html", "cast"])),
            .init(name: "FILE", kind: .text(suggestions: .none)),
        ],
        synopsis: "export html|cast FILE",
        summary: "write the session so far: html, one self-contained page of the transcript and every diagram; "
            + "cast, an asciicast v2 recording with a chapter at each command and each say",
        example: "export html lesson.html",
        details: [
            "export cast FILE: asciinema play FILE plays it, and the asciinema web player shows its chapters; "
                + "it is timed by the session's clock, a second more at each chapter"
        ],
        misuse: "export needs a format and a file: export html|cast FILE",
        isRecorded: false,
        run: { arguments, context throws(CommandFailure) in
            let path = arguments.text(1) ?? ""
            let record = context.transcript.record
            // A lesson's first comment line is its title, shown once, as the page's heading.
            // Without --echo no comment was printed: the lesson's first line still names it.
            let heading = record.lines.first.flatMap { $0.kind == .comment ? $0.text : nil }
            let shown = heading.map(\.commentWords).flatMap { $0.isEmpty ? nil : $0 }
            let title = shown ?? context.session.scripts.title ?? "vmsh session"
            if arguments.text(0) == "cast" { return try exportCast(to: path, title: title, context) }
            let skipped = shown == nil ? 0 : 1
            let page = MarblePage.html(
                title: title, lines: Array(record.lines.dropFirst(skipped)),
                firstLine: record.firstLine + skipped, figures: context.session.shown.figures)
            let doctype = "<!DOCTYPE html>\n"
            let marked = htmlMark + (page.hasPrefix(doctype) ? String(page.dropFirst(doctype.count)) : page)
            try OwnFile.write(
                marked, to: path, mark: htmlMark, by: "export", confinedBy: context.session.scripts.confinedBy)
            let figures = context.session.shown.figures.count
            context.say("wrote the session and \(figures.counted("diagram")) to \(path.terminalField(limit: 200))")
            return .succeeded
        })

    /// The first bytes of the files `export html` writes: how it knows a file is its own.
    static let htmlMark = "<!DOCTYPE html>\n<!-- vmsh export -->\n"

    /// `export cast FILE`: the recording so far as asciicast v2.
    private static func exportCast(to path: String, title: String, _ context: CommandContext) throws(CommandFailure)
        -> LineOutcome
    {
        let cast = context.transcript.cast
        // As wide as its widest line: a player folds nothing a terminal showed whole.
        let width = max(context.session.terminal.width, cast.widestLine)
        let text = cast.file(width: width, height: context.session.terminal.height, title: title)
        try OwnFile.write(
            text, to: path, mark: CastRecording.mark, by: "export cast", confinedBy: context.session.scripts.confinedBy)
        let chapters = cast.events.filter { $0.kind == .marker }.count
        context.say("wrote the session, \(chapters.counted("chapter")), to \(path.terminalField(limit: 200))")
        return .succeeded
    }
}
