import Lanes
import MarbleDiagrams
import MarbleNotation
import PhotoModel
import Shell
import TerminalText
import TerminalViews
import ViewModels

/// `compare A B`: the session so far replayed under pipeline (or validation) A, then B, as
/// `goto` rebuilds it, then once more as it was; the first row that differs drawn with both runs
/// of each lane one above the other, and the calls side by side.
extension CommandTable {
    package static let compare: ShellCommand = ShellCommand(
        name: "compare",
        parameters: [
            .init(name: "A", kind: .word(suggestions: .reading { _, context in context.comparableNames })),
            .init(name: "B", kind: .word(suggestions: .reading { _, context in context.comparableNames })),
        ],
        summary: "replay the session so far under pipeline (or validation) A and under B, and show where they "
            + "first differ: the row, the time, both diagrams lane by lane, the calls side by side",
        example: "compare original fixed",
        details: [
            "A and B are pipelines (original, fixed, naive or your own) or validations (length or your own); "
                + "the session is rebuilt as goto rebuilds it (virtual clock), and left as it was",
            "in the diagram A LANE is the lane under A, B LANE under B; ^ marks the first difference, "
                + "which why ROW LANE explains",
        ],
        misuse: "compare needs two pipelines or two validations: compare original fixed", isRecorded: false,
        effect: .readsOnly,
        run: { arguments, context throws(CommandFailure) in
            guard let control = context.session.control else { return .succeeded }
            let names = (arguments.text(0) ?? "", arguments.text(1) ?? "")
            let mode = try ComparedRun.Mode(names, context)
            let last = control.log.lastNumber
            guard last > 0 else {
                throw CommandFailure(
                    "nothing to compare yet: compare replays the commands so far (search, scroll, wait)")
            }
            let runs = try ComparedRun.both(mode, upTo: last, control)
            ComparedRun.report(runs, mode: mode, names: names, commands: last, control.context)
            return .succeeded
        })
}

extension CommandContext {
    /// What `compare` takes: every pipeline and validation name.
    var comparableNames: [String] { metadataPipelineNames + validationNames }
}

/// What one replay under a pipeline left: the lanes of each row of the list on top (or of the
/// search, for a validation) and the calls made.
@MainActor
struct ComparedRun {
    @MainActor
    enum Mode {
        case pipelines(MetadataPipeline, MetadataPipeline)
        case validations(String, String)

        var isPipelines: Bool { if case .pipelines = self { true } else { false } }

        init(_ names: (String, String), _ context: CommandContext) throws(CommandFailure) {
            let validations = context.validationNames
            if let a = context.metadataPipeline(named: names.0), let b = context.metadataPipeline(named: names.1) {
                self = .pipelines(a, b)
            } else if validations.contains(names.0), validations.contains(names.1) {
                self = .validations(names.0, names.1)
            } else if let unknown = [names.0, names.1].first(where: { !context.comparableNames.contains($0) }) {
                throw CommandFailure(
                    "\(unknown.terminalField(limit: 40)) is neither a pipeline "
                        + "(\(context.metadataPipelineNames.joined(separator: ", "))) nor a validation "
                        + "(\(validations.joined(separator: ", ")))")
            } else {
                throw CommandFailure("compare takes two pipelines or two validations, not one of each")
            }
        }
    }

    /// Each row's lanes by row number (0: the search's, for validations).
    let lanes: [Int: [MarbleLane]]
    let calls: [String: Int]
    /// Calls the visibility delay saved (for a pipeline of one's own, the shows its time steps
    /// held and let go).
    let saved: Int

    /// The session replayed under A, then under B, then as it was (also when a replay fails).
    static func both(_ mode: Mode, upTo last: Int, _ control: any SessionControl) throws(CommandFailure)
        -> (ComparedRun, ComparedRun)
    {
        let pipelines = control.context.pipelines
        defer {
            pipelines.forcedPipeline = nil
            pipelines.forcedValidation = nil
            try? control.rebuild(upTo: last, as: .restore)
        }
        var runs: [ComparedRun] = []
        for side in 0..<2 {
            switch mode {
            case .pipelines(let a, let b): pipelines.forcedPipeline = side == 0 ? a : b
            case .validations(let a, let b): pipelines.forcedValidation = side == 0 ? a : b
            }
            try control.rebuild(upTo: last, as: .comparison)
            runs.append(ComparedRun(mode, control.context))
        }
        return (runs[0], runs[1])
    }

    init(_ mode: Mode, _ context: CommandContext) {
        let events = InputLanes.appEvents(context.instrumentation, inputs: true)
        var lanes: [Int: [MarbleLane]] = [:]
        switch mode {
        case .pipelines:
            let rows = (context.navigator.top as? any ResultRows)?.rowCount ?? 0
            let order = InputLanes.appOrder(under: context.instrumentation.metadataPipeline)
            for row in 0..<rows {
                let owner = PhotoItemViewModel.owner(row: row + 1)
                let recorded = MarbleRecording.lanes(events, prefix: owner, order: order)
                if !recorded.isEmpty { lanes[row + 1] = recorded }
            }
        case .validations:
            lanes[0] = MarbleRecording.lanes(events, prefix: "search", order: InputLanes.appOrder)
        }
        self.lanes = lanes
        calls = (context.service as? any ServiceCallCounting)?.calls.started ?? [:]
        saved = context.instrumentation.savedMetadataCalls
    }
}

extension CommandTable {
    /// The calls pipelines `a` and `b` each make over the session so far, by method, each replayed
    /// as `compare` replays it (an exercise's check), and the first row that differs under them (A
    /// and B), drawn as `compare` draws it with the difference marked (no lines when none does);
    /// nil when either is unknown, the session cannot be replayed, or its service counts no calls.
    package static func compared(of a: String, and b: String, width: Int, _ context: CommandContext)
        -> (a: [String: Int], b: [String: Int], difference: [String])?
    {
        guard context.service is any ServiceCallCounting, let control = context.session.control,
            control.log.lastNumber > 0,
            let first = context.metadataPipeline(named: a), let second = context.metadataPipeline(named: b),
            let runs = try? ComparedRun.both(.pipelines(first, second), upTo: control.log.lastNumber, control)
        else { return nil }
        let differences = ComparedRun.differences(runs, .pipelines(first, second))
        let drawn = ComparedRun.firstDifference(runs, among: differences, width: width)
        return (runs.0.calls, runs.1.calls, drawn.map { [$0.said] + $0.lines } ?? [])
    }
}
