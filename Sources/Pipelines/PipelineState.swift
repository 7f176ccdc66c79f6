import Playground
import Shell
import TerminalText
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
    /// through the others (a cycle), or it (or one that reads the one it replaces) would be
    /// more operators than a playground signal may be, each read counted; nil when it can.
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
        let limit = Playground.depthLimit
        let (operators, calls) = expanded(pipeline, with: pipeline)
        guard operators <= limit else {
            return "\(pipeline.name) would run \(Self.said(operators, calls)) once each pipeline it reads is counted "
                + "where it reads it (each read starts afresh); the most is \(limit) operators"
        }
        // What read the one it replaces now reads this one.
        for (reader, _) in defined where reader.name != pipeline.name {
            let (operators, calls) = expanded(reader, with: pipeline)
            guard operators <= limit else {
                return "\(pipeline.name) would make \(reader.name), which reads it, \(Self.said(operators, calls)) "
                    + "once each pipeline it reads is counted where it reads it; the most is \(limit) operators"
            }
        }
        return nil
    }

    /// The operators and calls `pipeline` runs on a row, each pipeline it reads counted again at
    /// every place that reads it, as each read starts afresh: what doubles at each level of
    /// `p2 = p1 | merge p1`, counted before anything runs. `kept` stands for the one of its name.
    func expanded(_ pipeline: OwnPipeline, with kept: OwnPipeline) -> (operators: Int, calls: Int) {
        // Capped far above any limit, so that sixteen levels of a hundred reads cannot overflow.
        let cap = 1 << 40
        var counted: [String: (operators: Int, calls: Int)] = [:]
        func count(_ reader: OwnPipeline) -> (operators: Int, calls: Int) {
            if let known = counted[reader.name] { return known }
            var total = (operators: reader.titles.count, calls: 0)
            for name in reader.namesRead {
                let read = name == kept.name ? kept : self.pipeline(named: name)?.pipeline
                let more = read.map(count) ?? (operators: 0, calls: RowPipeline.calls[name] ?? 0)
                total = (min(total.operators + more.operators, cap), min(total.calls + more.calls, cap))
            }
            counted[reader.name] = total
            return total
        }
        return count(pipeline)
    }

    private static func said(_ operators: Int, _ calls: Int) -> String {
        "\(operators.counted("operator")) and \(calls.counted("call")) a row"
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
