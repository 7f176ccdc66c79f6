import Lanes
import MarbleDiagrams
import MarbleNotation
import PlaygroundSession
import Reactive
import Shell
import TerminalViews
import ViewModels

/// `marbles` and `expect-marbles`: the recorded streams drawn and checked.
extension CommandTable {
    package static let marbleCommands: [ShellCommand] = [marbles, expectMarbles]

    /// The first bytes of the files `marbles --svg` writes: how it knows a file is its own.
    static let svgMark = "<!-- vmsh marbles -->\n"

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
            .init(name: "--paste|--inputs|--all", kind: .choice(flags), isOptional: true),
            .init(name: "--paste|--inputs|--all", kind: .choice(flags), isOptional: true),
            .init(name: "--paste|--inputs|--all", kind: .choice(flags), isOptional: true),
        ],
        options: [
            time("--from"), time("--to"),
            Parameter(name: "--svg", kind: .word(suggestions: .none), isOptional: true, valueName: "FILE"),
        ],
        // Its three flag places take any of the three, in any order: said once.
        synopsis: "marbles ROW|NAME [--paste] [--inputs] [--all] [--from TIME] [--to TIME] [--svg FILE]",
        summary: "draw the recorded streams of a row (or of 'search', 'play' or a playground signal) as "
            + "marble diagrams; --paste adds each lane as expect-marbles takes it; --svg writes a picture",
        example: "marbles 3 --from 1s",
        details: [
            "marbles ROW: a row's pipeline, from isVisible to metadata",
            "marbles ROW --inputs: the same, with the hide that ended takeUntil(hidden) or cancelled the wait (!)",
            "marbles ROW --paste: each lane also as a line expect-marbles takes, to paste into a lesson",
            "marbles ROW --all: every fetch's lanes, grouped by run; without it, the row's own and the latest fetch",
            "marbles search, marbles command: the search's streams, the command's runs",
            "marbles play: every playground subscriber",
            "marbles NAME: a playground signal with its sources (a subject's sends), each operator's lane "
                + "after the signals it reads (trigger, other input, inner signals) and each subscriber; "
                + "a value heard from a replay is drawn as 'replay of VALUE'",
            "marbles C: a command of one's own (let C = command …): executing, enabled, errors and "
                + "executionSignals as it set them; marbles C.enabled one of them",
        ],
        misuse: "marbles needs a row number or a name: marbles 3, marbles search", effect: .readsOnly,
        run: { arguments, context throws(CommandFailure) in
            let target = arguments.text(0) ?? ""
            let prefix = try streamPrefix(target, context, announce: true)
            let words = [arguments.text(1), arguments.text(2), arguments.text(3)].compactMap { $0 }
            let (diagram, fetches) = try marbleDiagram(
                prefix: prefix, name: target, inputs: words.contains("--inputs"), all: words.contains("--all"),
                arguments, context)
            let first = context.transcript.record.lineCount
            MarbleText.lines(diagram).forEach(context.say)
            sayRuns(fetches, of: target, all: words.contains("--all"), diagram.lanes, context)
            let title = figureTitle(target, prefix: prefix, context)
            let drawn = first..<context.transcript.record.lineCount
            context.show(MarblePage.Figure(caption: "marbles \(target)", title: title, diagram: diagram, lines: drawn))
            // After the figure's lines: on a page they stay text to copy, beside the picture.
            if words.contains("--paste") {
                for lane in diagram.lanes {
                    let marbles = MarbleNotation.marbles(of: lane, symbols: diagram.symbols)
                    let line =
                        "expect-marbles \(target) \(lane.name) \"\(marbles.isEmpty ? "-" : marbles)\""
                    context.say(line.sanitizedForTerminal)
                }
            }
            if let path = arguments.optionText("--svg") {
                let svg = MarbleSVG.svg(diagram, title: title)
                try OwnFile.write(
                    svgMark + svg, to: path, mark: svgMark, by: "marbles --svg",
                    confinedBy: context.session.scripts.confinedBy)
                context.say("wrote the diagram to \(path.terminalField(limit: 200))")
            }
            return .succeeded
        })

    static let flags = ["--paste", "--inputs", "--all"]

    /// The diagram of the app's streams `prefix` owns (the lanes `--inputs` adds only when
    /// asked; a row's earlier fetches only with `all`), else of the playground signal `name`;
    /// and the row's fetches, in order.
    private static func marbleDiagram(
        prefix: String, name: String, inputs: Bool, all: Bool, _ arguments: Arguments, _ context: CommandContext
    ) throws(CommandFailure) -> (MarbleDiagram, fetches: [Int]) {
        let width = context.lineWidth
        let (from, to) = (arguments.optionDuration("--from"), arguments.optionDuration("--to"))
        let now = context.clock.now
        var app = MarbleRecording.lanes(
            InputLanes.appEvents(context.instrumentation, inputs: inputs), prefix: prefix,
            order: InputLanes.appOrder(under: rowsPipeline(context)))
        let fetches = Parse.row(name) == nil ? [] : FetchRuns.runs(app)
        if fetches.count > 1 { app = all ? FetchRuns.grouped(app) : FetchRuns.latest(app) }
        if !app.isEmpty { return (MarbleDiagram(lanes: app, width: width, from: from, to: to, now: now), fetches) }
        if Parse.row(name) == nil, let lanes = playgroundLanes(name, context) {
            guard !lanes.isEmpty else {
                throw CommandFailure("nothing recorded for \(name.sanitizedForTerminal) yet: subscribe \(name) first")
            }
            return (MarbleDiagram(lanes: lanes, width: width, from: from, to: to, now: now), [])
        }
        throw CommandFailure(
            "nothing recorded for \(prefix.sanitizedForTerminal): search first, then make rows visible")
    }

    /// The pipeline of the rows on top: the one they were made with, else the one set now.
    private static func rowsPipeline(_ context: CommandContext) -> MetadataPipeline {
        (context.navigator.top?.viewModel as? SearchResultsViewModel)?.pipeline
            ?? context.instrumentation.metadataPipeline
    }

    /// Under a row fetched more than once: which fetch was drawn, or (`all`) each run's lanes.
    private static func sayRuns(
        _ fetches: [Int], of target: String, all: Bool, _ lanes: [MarbleLane], _ context: CommandContext
    ) {
        guard fetches.count > 1 else { return }
        let log = context.session.control?.log
        func named(_ run: Int) -> String {
            "#\(run)" + (log?.entry(run).map { " " + $0.line.terminalField(limit: 60) } ?? "")
        }
        guard all else {
            context.say(
                "the latest of \(fetches.count) fetches, \(named(fetches[fetches.count - 1])): "
                    + "marbles \(target) --all draws every one")
            return
        }
        for run in fetches {
            let names = lanes.filter { $0.run == run }.map(\.name).joined(separator: ", ")
            TextWrap.lines("run \(named(run)): ", names, width: context.lineWidth).forEach(context.say)
        }
    }

    static let expectMarbles: ShellCommand = ShellCommand(
        name: "expect-marbles",
        parameters: [
            .init(name: "ROW|NAME", kind: .word(suggestions: .rowsOr(["search"]))),
            .init(name: "LANE \"PATTERN\"", kind: .text(suggestions: .none)),
        ],
        summary: "fail unless a lane of the diagram did what a marble string says (- is 100 ms)",
        example: "expect-marbles 1 delay(1s) \"----------D\"",
        misuse: "expect-marbles needs a row or name, a lane and a pattern: expect-marbles 1 isVisible \"t---f\"",
        isExpectation: true, effect: .readsOnly,
        run: { arguments, context throws(CommandFailure) in
            let check = try checkLane(arguments, context, for: "expect-marbles")
            guard let mismatch = check.mismatch else { return .succeeded }
            throw CommandFailure("\(check.laneName) did not do that:", details: mismatch)
        })

    /// What a diagram of `target` shows, for its figure and its SVG: which row of which search
    /// under which pipeline, or which streams.
    private static func figureTitle(_ target: String, prefix: String, _ context: CommandContext) -> String {
        if let row = Parse.row(target), let list = context.navigator.top as? any ResultRows,
            let item = list.item(at: row)
        {
            return "row \(row) \(item.title.quotedForTerminal) of \(list.listTitle.quotedForTerminal), "
                + "pipeline \(item.pipeline.name)"
        }
        switch prefix {
        case "search": return "the search's streams"
        case "play": return "the playground's subscribers"
        case _ where context.playground.names.contains(target):
            return "the playground signal \(target.sanitizedForTerminal), its inputs and subscribers"
        default: return "the streams of \(prefix.sanitizedForTerminal)"
        }
    }
}
