import Playground
import Shell
import TerminalText
import ViewModels

/// `pipeline NAME = INPUT | STEP …`: a learner's metadata pipeline for the app's rows, in the
/// playground's notation; `set pipeline NAME` makes it every new row's.
extension CommandTable {
    package static let pipeline: ShellCommand = ShellCommand(
        name: "pipeline",
        parameters: [.init(name: "NAME = INPUT | STEP …", kind: .text(suggestions: .none), isOptional: true)],
        synopsis: "pipeline [NAME = INPUT | STEP …]",
        summary: "define a row's metadata pipeline of your own, in the playground's notation; "
            + "set pipeline NAME runs it on the rows of the next search; alone, lists the ones defined",
        example: "pipeline mine = isVisible | filter true | delay 1s | takeUntil hidden | flattenMap metadata",
        details: [
            "inputs: isVisible (true/false, where it stands, then each change), hidden (each hide); calls: "
                + "favorites, comments, and metadata (the two combined, as the tutorial combines them); and the "
                + "pipelines you defined before, each started afresh for every subscription (switchToLatest tutorial)",
            "it must end in metadata's values (flattenMap metadata, switchToLatest metadata); each step is a "
                + "lane of the row in marbles ROW, graph and why, and its calls count in stats",
        ],
        run: { arguments, context throws(CommandFailure) in
            guard let text = arguments.text(0) else {
                list(context)
                return .succeeded
            }
            // The pipelines defined already read as inputs too, each a signal of metadata.
            let defined = context.pipelines.defined.map { ($0.pipeline.name, OwnPipeline.Kind.metadata) }
            let pipeline = try OwnPipeline.checked(
                text, inputs: RowPipeline.inputs.merging(defined) { row, _ in row }, column: 10, ending: .metadata,
                otherwise: "a row's pipeline ends in metadata: … | flattenMap metadata")
            guard RowPipeline.inputs[pipeline.name] == nil, MetadataPipeline(builtIn: pipeline.name) == nil else {
                throw CommandFailure(
                    "\(pipeline.name) is a row's input or a built-in pipeline: give yours another name")
            }
            if let refusal = context.pipelines.refusal(of: pipeline) { throw CommandFailure(refusal) }
            let replacing = context.pipelines.pipeline(named: pipeline.name) != nil
            guard context.pipelines.keep(pipeline) else {
                throw CommandFailure("\(PipelineState.limit) pipelines are defined, the most a session keeps")
            }
            context.say(
                "pipeline \(pipeline.name): reads \(pipeline.inputsUsed.joined(separator: ", "))"
                    + (replacing ? " (replaces the previous \(pipeline.name))" : "")
                    + "; set pipeline \(pipeline.name) runs it on the rows of the next search")
            return .succeeded
        })

    private static func list(_ context: CommandContext) {
        let defined = context.pipelines.defined
        guard !defined.isEmpty else {
            context.say("no pipelines of your own yet: pipeline NAME = isVisible | … | flattenMap metadata")
            return
        }
        for (pipeline, budget) in defined {
            context.say("\(pipeline.name) = \(pipeline.shown)" + (budget.live > 0 ? " (\(budget.live) live)" : ""))
        }
    }
}

extension OwnPipeline {
    /// `text` parsed over `inputs` as `pipeline` and `validation` take it, and ending in
    /// `ending`'s values when its steps tell: else one line that says where, or `otherwise`.
    static func checked(
        _ text: String, inputs: [String: Kind], column: Int, ending: Kind, otherwise: String
    ) throws(CommandFailure) -> OwnPipeline {
        let pipeline: OwnPipeline
        do throws(PlaygroundError) {
            pipeline = try parse(text, inputs: inputs, column: column)
        } catch {
            throw CommandFailure(error.message)
        }
        if let result = pipeline.result, result != ending {
            throw CommandFailure("\(pipeline.name) ends in \(result); \(otherwise)")
        }
        return pipeline
    }
}
