import Dataflow
import MarbleDiagrams
import PlaygroundSession
import Reactive
import Shell
import TerminalText

/// `graph` and `why`: the running dataflow as a graph, and where an event came from.
extension CommandTable {
    package static let dataflowCommands: [ShellCommand] = [graph, why] + breakCommands + leakCommands

    static let graph: ShellCommand = ShellCommand(
        name: "graph",
        parameters: [
            .init(name: "ROW|search|NAME", kind: .word(suggestions: .rowsOr(["search", "play"])), isOptional: true)
        ],
        options: [
            Parameter(name: "--dot", kind: .word(suggestions: .none), isOptional: true, valueName: "FILE"),
            Parameter(name: "--svg", kind: .word(suggestions: .none), isOptional: true, valueName: "FILE"),
        ],
        summary: "the running dataflow of a row, the search or a playground signal (without one, of the screen on "
            + "top): each subscription under what reads it, live or ended, with its live subscribers; --dot writes "
            + "Graphviz, --svg a picture",
        example: "graph 3",
        details: [
            "a cold signal is a node per subscription (fetch 3 2 cold: two of each call); a shared one is "
                + "one node with several subscribers (fetch 3 2 shared); a node read twice is drawn once, "
                + "then named as (above)",
            "the names are the lanes of marbles: why ROW LANE and break when ROW LANE take them",
            "graph alone: the rows the results show, the photo the pager shows, or at the root the search's",
        ],
        misuse: "graph takes a row number or a name, or nothing: graph 3, graph search, graph NAME, graph",
        effect: .readsOnly, isListing: true,
        run: { arguments, context throws(CommandFailure) in
            let name = arguments.text(0)
            let target: DataflowTarget
            if let name {
                target = try DataflowTarget.named(name, context)
            } else {
                target = try DataflowTarget.top(context)
            }
            let graph = target.graph
            let first = context.transcript.record.lineCount
            let live = graph.liveCount
            context.say("\(target.title): \(graph.nodes.count.counted("subscription")), \(live) live")
            GraphText.lines(graph, width: context.lineWidth).forEach(context.say)
            let svg = GraphSVG.svg(graph, title: target.title, graphviz: context.instruments.graphviz)
            context.show(
                MarblePage.Figure(
                    caption: "graph" + (name.map { " " + $0 } ?? ""), title: target.title, picture: svg,
                    lines: first..<context.transcript.record.lineCount))
            if let path = arguments.optionText("--dot") {
                try OwnFile.write(
                    dotMark + GraphDOT.dot(graph, title: target.title), to: path, mark: dotMark, by: "graph --dot",
                    confinedBy: context.session.scripts.confinedBy)
                context.say("wrote the graph as DOT to \(path.terminalField(limit: 200))")
            }
            if let path = arguments.optionText("--svg") {
                try OwnFile.write(
                    graphSVGMark + svg, to: path, mark: graphSVGMark, by: "graph --svg",
                    confinedBy: context.session.scripts.confinedBy)
                context.say("wrote the graph to \(path.terminalField(limit: 200))")
            }
            return .succeeded
        })

    /// The first bytes of the files `graph --dot` and `graph --svg` write: how they know a file is
    /// theirs to overwrite (a DOT comment, an XML comment).
    static let dotMark = "// vmsh graph\n"
    static let graphSVGMark = "<!-- vmsh graph -->\n"

    static let why: ShellCommand = ShellCommand(
        name: "why",
        parameters: [
            .init(name: "N|ROW|NAME", kind: .word(suggestions: .rowsOr(["search", "play"]))),
            .init(
                name: "LANE [N]",
                kind: .text(suggestions: .reading { DataflowTarget.laneNames(after: $0, $1, toWatch: false) }),
                isOptional: true),
        ],
        summary: "where an event came from: each cause with its time, back to the command that began it; "
            + "name the event by its number (trace numbered) or by a lane of marbles and its n-th event",
        example: "why 1 metadata",
        details: [
            "why ROW LANE [N]: the N-th event drawn on that lane (1 if not given), as marbles ROW draws it",
            "why N: event N, as trace numbered, why and break print it",
        ],
        misuse: whyMisuse, effect: .readsOnly,
        run: { arguments, context throws(CommandFailure) in
            let first = arguments.text(0) ?? ""
            let number: Int
            if let rest = arguments.text(1) {
                // A lane's name may hold spaces ("map upper", "execution 2"); a number after it is
                // the n-th event.
                let target = try DataflowTarget.named(first, context)
                var words = rest.split(separator: " ").map(String.init)
                var nth = 1
                if target.recording.lane(words.joined(separator: " ")) == nil, words.count > 1,
                    let given = words.last.flatMap(Parse.row)
                {
                    nth = given
                    words.removeLast()
                }
                number = try event(of: target, named: first, lane: words.joined(separator: " "), nth: nth).number
            } else {
                guard !first.isEmpty, first.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    throw CommandFailure(whyMisuse)
                }
                // More digits than any event number has: no such event, as for any other.
                guard let given = Int(first) else { throw WhyText.noEvent(first, context) }
                number = given
            }
            try WhyText.lines(number, context).forEach(context.say)
            return .succeeded
        })

    private static let whyMisuse = "why needs an event: why N (a number from trace numbered), or why ROW LANE [N]"

    /// The `nth` event drawn on `lane` of `target` (values and the end, as marbles draws them).
    static func event(of target: DataflowTarget, named name: String, lane: String, nth: Int) throws(CommandFailure)
        -> TraceEvent
    {
        guard let subscription = target.recording.lane(lane) else {
            throw noLane(lane, in: name, lanes: target.recording.laneNames)
        }
        let drawn = Array(subscription.drawn)
        guard drawn.indices.contains(nth - 1) else {
            let shown = "\(Parse.row(name).map { "row \($0)" } ?? name) \(subscription.lane)".sanitizedForTerminal
            throw CommandFailure(
                drawn.isEmpty
                    ? "\(shown) has drawn nothing yet"
                    : "\(shown) has drawn \(drawn.count.counted("event")): ask for one from 1 to \(drawn.count)")
        }
        return drawn[nth - 1]
    }
}
