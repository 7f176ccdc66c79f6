import MarbleDiagrams
import MarbleNotation
import Reactive
import TerminalViews

/// `marbles`, `expect-marbles` and `export`: the recorded streams drawn, checked and kept.
extension CommandTable {
    static let marbleCommands: [ShellCommand] = [marbles, expectMarbles, export]

    /// The times `--from` and `--to` take: a duration of clock time, such as 1.5s.
    private static func time(_ name: String) -> Parameter {
        Parameter(
            name: name, kind: .duration(orWords: []), isOptional: true,
            invalid: { Parse.notADuration(name, $0) }, valueName: "TIME")
    }

    static let marbles: ShellCommand = ShellCommand(
        name: "marbles",
        parameters: [
            .init(name: "ROW|NAME", kind: .word(suggestions: .rowsOr(["search"]))),
            .init(name: "--paste", kind: .choice(["--paste"]), isOptional: true),
        ],
        options: [
            time("--from"), time("--to"),
            Parameter(name: "--svg", kind: .word(suggestions: .none), isOptional: true, valueName: "FILE"),
        ],
        summary:
            "draw the recorded streams of a row (or of 'search') as marble diagrams; --paste adds each lane as"
            + " expect-marbles takes it; --svg writes a picture",
        example: "marbles 3 --from 1s", misuse: "marbles needs a row number or a name: marbles 3, marbles search",
        run: { arguments, context throws(CommandFailure) in
            let prefix = try streamPrefix(arguments.text(0) ?? "", context, announce: true)
            guard
                let diagram = MarbleDiagram(
                    context.instrumentation.eventLog.events, prefix: prefix, width: context.session.width,
                    from: arguments.optionDuration("--from"), to: arguments.optionDuration("--to"),
                    now: context.clock.now)
            else {
                throw CommandFailure(
                    "nothing recorded for \(prefix.sanitizedForTerminal): search first, then make rows visible")
            }
            let first = context.transcript.record.lineCount
            MarbleText.lines(diagram).forEach(context.say)
            let title = figureTitle(arguments.text(0) ?? "", prefix: prefix, context)
            let drawn = first..<context.transcript.record.lineCount
            let session = context.session
            session.figures.append(
                MarblePage.Figure(
                    caption: "marbles \(arguments.text(0) ?? "")", title: title,
                    diagram: diagram, lines: drawn))
            if session.figures.count > SessionState.figureLimit { session.figures.removeFirst() }
            // After the figure's lines: on a page they stay text to copy, beside the picture.
            if arguments.text(1) != nil {
                for lane in diagram.lanes {
                    let marbles = MarbleNotation.marbles(of: lane, symbols: diagram.symbols)
                    let line =
                        "expect-marbles \(arguments.text(0) ?? "") \(lane.name) \"\(marbles.isEmpty ? "-" : marbles)\""
                    context.say(line.sanitizedForTerminal)
                }
            }
            if let path = arguments.optionText("--svg") {
                let svg = MarbleSVG.svg(diagram, title: title)
                try OwnFile.write(svgMark + svg, to: path, mark: svgMark, by: "marbles --svg")
                context.say("wrote the diagram to \(path.terminalField(limit: 200))")
            }
            return .succeeded
        })

    static let expectMarbles: ShellCommand = ShellCommand(
        name: "expect-marbles",
        parameters: [
            .init(name: "ROW|NAME", kind: .word(suggestions: .rowsOr(["search"]))),
            .init(name: "LANE \"PATTERN\"", kind: .text(suggestions: .none)),
        ],
        summary: "fail unless a lane of the diagram did what a marble string says (- is 100 ms)",
        example: "expect-marbles 1 delay(1s) \"----------D\"",
        misuse: "expect-marbles needs a row or name, a lane and a pattern: expect-marbles 1 isVisible \"t---f\"",
        run: { arguments, context throws(CommandFailure) in
            let prefix = try streamPrefix(arguments.text(0) ?? "", context, announce: false)
            let (lane, pattern) = try lanePattern(arguments.text(1) ?? "")
            let mismatch: [String]?
            do throws(MarbleNotation.Failure) {
                mismatch = try MarbleExpectation.check(
                    context.instrumentation.eventLog.events, prefix: prefix, lane: lane, pattern: pattern,
                    width: context.session.width)
            } catch {
                throw CommandFailure(error.description)
            }
            guard let mismatch else { return .succeeded }
            context.session.failureDetails = mismatch
            throw CommandFailure("\(lane.sanitizedForTerminal) of \(prefix.sanitizedForTerminal) did not do that:")
        })

    static let export: ShellCommand = ShellCommand(
        name: "export",
        parameters: [
            .init(name: "html", kind: .choice(["html"])),
            .init(name: "FILE", kind: .text(suggestions: .none)),
        ],
        summary: "write one self-contained page: the transcript so far and every diagram drawn in it",
        example: "export html lesson.html", misuse: "export needs a format and a file: export html FILE",
        isRecorded: false,
        run: { arguments, context throws(CommandFailure) in
            let path = arguments.text(1) ?? ""
            let record = context.transcript.record
            // A lesson's first comment line is its title, shown once, as the page's heading.
            let heading = record.lines.first.flatMap { $0.kind == .comment ? $0.text : nil }
            let title = heading.map { String($0.drop { $0 == "#" || $0 == " " }) }.flatMap { $0.isEmpty ? nil : $0 }
            let skipped = title == nil ? 0 : 1
            let page = MarblePage.html(
                title: title ?? "vmsh session", lines: Array(record.lines.dropFirst(skipped)),
                firstLine: record.firstLine + skipped, figures: context.session.figures)
            let doctype = "<!DOCTYPE html>\n"
            let marked = htmlMark + (page.hasPrefix(doctype) ? String(page.dropFirst(doctype.count)) : page)
            try OwnFile.write(marked, to: path, mark: htmlMark, by: "export")
            let figures = context.session.figures.count
            context.say("wrote the session and \(figures.counted("diagram")) to \(path.terminalField(limit: 200))")
            return .succeeded
        })

    /// The first bytes of the files `marbles --svg` and `export html` write: how they know a file
    /// is theirs to overwrite.
    static let svgMark = "<!-- vmsh marbles -->\n"
    static let htmlMark = "<!DOCTYPE html>\n<!-- vmsh export -->\n"

    /// What a diagram of `target` shows, for its figure and its SVG: which row of which search
    /// under which pipeline, or which streams.
    private static func figureTitle(_ target: String, prefix: String, _ context: CommandContext) -> String {
        if let row = Parse.row(target), let list = context.navigator.top as? any ResultRows,
            let item = list.item(at: row)
        {
            return "row \(row) \(item.title.quotedForTerminal) of \(list.listTitle.quotedForTerminal), "
                + "pipeline \(item.pipeline.rawValue)"
        }
        switch prefix {
        case "search": return "the search's streams"
        case "play": return "the playground's subscribers"
        default: return "the streams of \(prefix.sanitizedForTerminal)"
        }
    }

    /// `LANE "PATTERN"`: the pattern is the quoted text at the end (or the last word), the lane
    /// everything before it, spaces included ("execution 1").
    private static func lanePattern(_ text: String) throws(CommandFailure) -> (lane: String, pattern: String) {
        let trimmed = text.trimmingSpaces
        if trimmed.hasSuffix("\""), let open = trimmed.dropLast().lastIndex(of: "\"") {
            let lane = String(trimmed[..<open]).trimmingSpaces
            let pattern = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            if !lane.isEmpty { return (lane, pattern) }
        } else if let space = trimmed.lastIndex(where: \.isWhitespace) {
            return (String(trimmed[..<space]).trimmingSpaces, String(trimmed[trimmed.index(after: space)...]))
        }
        throw CommandFailure(
            "expect-marbles needs a row or name, a lane and a pattern: expect-marbles 1 isVisible \"t---f\"")
    }

    /// The stream-name prefix `target` stands for: a row of the list on screen ("row 3") or a
    /// name ("search"). `announce` says which photo a row is.
    private static func streamPrefix(_ target: String, _ context: CommandContext, announce: Bool)
        throws(CommandFailure) -> String
    {
        guard let row = Parse.row(target) else { return target.lowercased() }
        // A row of the list on screen: "row 1" of an earlier search is another photo.
        guard let list = context.navigator.top as? any ResultRows else {
            throw CommandFailure("marbles ROW works on a results list on top; 'marbles search' works anywhere")
        }
        guard let item = list.item(at: row) else {
            throw CommandFailure("no row \(row): the results have \(list.rowsText)")
        }
        if announce { context.say("row \(row) \(item.title.quotedForTerminal) of \(list.listTitle.quotedForTerminal)") }
        return item.streamName
    }
}
