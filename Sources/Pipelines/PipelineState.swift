import Playground
import Shell
import ViewModels

/// The pipelines learners defined (`pipeline mine = …`), by name, each with its budget of
/// subscriptions across every row that runs it, and their validations (`validation mine = …`).
@MainActor
package final class PipelineState: SessionConcern {
    package private(set) var defined: [(pipeline: OwnPipeline, budget: OwnPipeline.Budget)] = []
    package private(set) var validations: [OwnPipeline] = []
    /// What `compare` runs while it replays the session: the pipeline (or validation) every
    /// `set` names then, and the session's own from its start; nil the rest of the time.
    package var forcedPipeline: MetadataPipeline?
    package var forcedValidation: String?
    /// The most a session keeps, as the playground keeps at most so many names.
    static let limit = 16

    package init(session: SessionState) {}

    package func replayWillStart(_ context: CommandContext) {
        if let forcedPipeline { context.instrumentation.metadataPipeline = forcedPipeline }
        if let forcedValidation { try? context.setValidation(named: forcedValidation) }
    }

    package func pipeline(named name: String) -> (pipeline: OwnPipeline, budget: OwnPipeline.Budget)? {
        defined.last { $0.pipeline.name == name }
    }

    /// The pipelines `pipeline` reads, and those they read, by name, as they are defined now.
    package func read(by pipeline: OwnPipeline) -> [String: OwnPipeline] {
        var found: [String: OwnPipeline] = [:]
        var next = [pipeline]
        while let reader = next.popLast() {
            for name in reader.inputsUsed where found[name] == nil {
                guard let read = self.pipeline(named: name)?.pipeline else { continue }
                found[name] = read
                next.append(read)
            }
        }
        return found
    }

    /// Why `pipeline` cannot be kept beside the ones defined, in one line: it reads itself
    /// through the others (a cycle), or with what it reads it is more steps than a playground
    /// signal may be; nil when it can.
    func refusal(of pipeline: OwnPipeline) -> String? {
        // Each one defined before was checked so: a cycle can only come back to this name.
        func cycle(from reader: OwnPipeline, _ trail: [String]) -> [String]? {
            for name in reader.inputsUsed {
                if name == pipeline.name { return trail + [name] }
                if let read = self.pipeline(named: name)?.pipeline, let found = cycle(from: read, trail + [name]) {
                    return found
                }
            }
            return nil
        }
        if let trail = cycle(from: pipeline, [pipeline.name]) {
            let chain = trail.dropFirst().joined(separator: ", which reads ")
            return "a cycle: \(pipeline.name) reads \(chain); a pipeline cannot read itself"
        }
        let steps = read(by: pipeline).values.reduce(pipeline.titles.count) { $0 + $1.titles.count }
        guard steps <= Playground.depthLimit else {
            return "\(pipeline.name) is \(steps) operators with the pipelines it reads; the most is "
                + "\(Playground.depthLimit)"
        }
        return nil
    }

    /// Keeps `pipeline`, replacing one of the same name; false when the session holds the most.
    func keep(_ pipeline: OwnPipeline) -> Bool {
        let replacing = defined.contains { $0.pipeline.name == pipeline.name }
        guard replacing || defined.count < Self.limit else { return false }
        defined.removeAll { $0.pipeline.name == pipeline.name }
        defined.append((pipeline, OwnPipeline.Budget()))
        return true
    }

    /// Keeps a validation, replacing one of the same name; false when the session holds the most.
    func keep(validation: OwnPipeline) -> Bool {
        let replacing = validations.contains { $0.name == validation.name }
        guard replacing || validations.count < Self.limit else { return false }
        validations.removeAll { $0.name == validation.name }
        validations.append(validation)
        return true
    }
}

extension CommandContext {
    /// The learners' pipelines in this session.
    package var pipelines: PipelineState { session.concern(PipelineState.self) }

    /// The metadata pipeline called `name`: a built-in one, or one a learner defined, made ready
    /// to run on each row.
    package func metadataPipeline(named name: String) -> MetadataPipeline? {
        if let forced = pipelines.forcedPipeline { return forced }
        if let builtIn = MetadataPipeline(builtIn: name.lowercased()) { return builtIn }
        guard let (pipeline, budget) = pipelines.pipeline(named: name) else { return nil }
        return .own(RowPipeline.own(pipeline, reading: pipelines.read(by: pipeline), budget: budget))
    }

    /// Every pipeline name `set pipeline` takes now.
    package var metadataPipelineNames: [String] {
        MetadataPipeline.builtIn.map(\.name) + pipelines.defined.map(\.pipeline.name)
    }
}
