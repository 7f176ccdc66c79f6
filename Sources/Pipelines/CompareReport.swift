import MarbleDiagrams
import MarbleNotation
import Shell
import TerminalText

/// What `compare` prints: which rows differ, the first of them drawn under both, the calls.
extension ComparedRun {
    static func report(
        _ runs: (ComparedRun, ComparedRun), mode: Mode, names: (String, String), commands: Int,
        _ context: CommandContext
    ) {
        let (a, b) = runs
        let differences = Self.differences(runs, mode)
        context.say(
            "compare: the \(commands.counted("command")) so far replayed under A = \(names.0.terminalField(limit: 40)) "
                + "and B = \(names.1.terminalField(limit: 40))")
        if mode.isPipelines {
            let rows = differences.map { "\($0.0)" }
            let listed =
                rows.count > 12 ? rows.prefix(12).joined(separator: ", ") + ", …" : rows.joined(separator: ", ")
            let rowsDiffer = "\(differences.count) of \(max(a.lanes.count, b.lanes.count)) rows differ"
            // Rows whose steps differ while the app gets the same: said as one, never as two that contradict.
            if differences.isEmpty {
                context.say("no row differs: the same calls and values at the same times (their own steps aside)")
            } else if sameValues(a, b, mode) {
                context.say(
                    "\(rowsDiffer) in their steps only, the app getting the same calls and values at the "
                        + "same times: \(listed)")
            } else {
                context.say("\(rowsDiffer): \(listed)")
            }
        } else if differences.isEmpty {
            context.say("the search's lanes do not differ")
        }
        if let drawn = firstDifference(runs, among: differences, width: context.lineWidth) {
            context.say(drawn.said)
            let first = context.transcript.record.lineCount
            drawn.lines.forEach(context.say)
            context.show(
                MarblePage.Figure(
                    caption: "compare \(names.0) \(names.1)",
                    title: "\(drawn.what) under \(names.0) (A) and \(names.1) (B)",
                    diagram: drawn.diagram, lines: first..<context.transcript.record.lineCount))
        }
        sayCalls(a, b, names: names, counted: mode.isPipelines, context)
    }

    /// The earliest of the runs' `differences` (at one time, the lower row's): what differs where,
    /// said in one line, and that row's lanes under both with the difference marked.
    static func firstDifference(
        _ runs: (ComparedRun, ComparedRun), among differences: [(Int, MarbleComparison.Difference)], width: Int
    ) -> (said: String, what: String, diagram: MarbleDiagram, lines: [String])? {
        let (a, b) = runs
        guard let (row, difference) = differences.min(by: { ($0.1.time, $0.0) < ($1.1.time, $1.0) }) else {
            return nil
        }
        let what = row == 0 ? "the search" : "row \(row)"
        let lanes = MarbleComparison.paired(a.lanes[row] ?? [], b.lanes[row] ?? [])
        // To the last event, not now: the story, not the quiet after it, fills the width.
        let diagram = MarbleDiagram(lanes: lanes, width: width)
        return (
            "\(what) differs first, at \(difference.time.clockText), on \(difference.lane.sanitizedForTerminal)", what,
            diagram, MarbleComparison.lines(diagram, marking: difference)
        )
    }

    /// Each row that differs under the two runs, with its first difference, by row.
    static func differences(_ runs: (ComparedRun, ComparedRun), _ mode: Mode)
        -> [(Int, MarbleComparison.Difference)]
    {
        let (a, b) = runs
        return Set(a.lanes.keys).union(b.lanes.keys).sorted().compactMap { row in
            MarbleComparison.firstDifference(a.lanes[row] ?? [], b.lanes[row] ?? [], outputs: Self.outputs(mode))
                .map { (row, $0) }
        }
    }

    /// True when every row gets the same values at the same times from the same calls under both.
    private static func sameValues(_ a: ComparedRun, _ b: ComparedRun, _ mode: Mode) -> Bool {
        a.calls == b.calls
            && Set(a.lanes.keys).union(b.lanes.keys).allSatisfy { row in
                MarbleComparison.sameValues(a.lanes[row] ?? [], b.lanes[row] ?? [], outputs: outputs(mode))
            }
    }

    /// What a row's pipeline (or the search's validation) gives the app: where one pipeline
    /// differs from another even on a lane the other has not.
    static func outputs(_ mode: Mode) -> Set<String> {
        mode.isPipelines
            ? ["favorites", "comments", "metadata"] : ["isSearchValid", "executing", "flickrSearchSignal"]
    }

    /// The calls of both runs in two columns, and what the visibility delay saved.
    private static func sayCalls(
        _ a: ComparedRun, _ b: ComparedRun, names: (String, String), counted: Bool, _ context: CommandContext
    ) {
        let savedTitle = "saved by the visibility delay"
        let methods = Set(a.calls.keys).union(b.calls.keys).sorted()
        let width = max(methods.map { $0.count + 2 }.max() ?? 0, savedTitle.count, "calls".count)
        let columns = (max(names.0.count, 5), max(names.1.count, 5))
        func row(_ title: String, _ left: String, _ right: String) -> String {
            title.padded(to: width) + "  " + String(repeating: " ", count: max(0, columns.0 - left.count)) + left
                + "  " + String(repeating: " ", count: max(0, columns.1 - right.count)) + right
        }
        context.say(row("calls", names.0, names.1).sanitizedForTerminal)
        for method in methods {
            context.say(row("  " + method, "\(a.calls[method, default: 0])", "\(b.calls[method, default: 0])"))
        }
        guard counted else { return }
        context.say(row(savedTitle, "\(a.saved)", "\(b.saved)"))
    }
}
