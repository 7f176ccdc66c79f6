import Reactive

/// A pipeline a learner writes in the playground's notation over named inputs, to run in the
/// app (`pipeline mine = isVisible | filter true | delay 1s | takeUntil hidden | flattenMap
/// metadata`): parsed and checked once, then built afresh for each owner (a row) from that
/// owner's own inputs, each step's output handed to `trace` under its title.
@MainActor
public struct OwnPipeline {
    public let name: String
    /// What follows the `=`, as `signals` and `set pipeline` show it.
    public let shown: String
    /// The whole definition as it was written, for `code`.
    public let text: String
    let definition: Definition
    /// Each step's lane title, in RAC 2's call form: `delay(1s)`, `takeUntil(hidden)`.
    public let titles: [String]
    /// The inputs it reads, in the order it names them.
    public let inputsUsed: [String]
    /// Every name it reads, once for each place that reads it: `p1 | merge p1` reads p1 twice.
    public var namesRead: [String] { definition.namesUsed }
    /// The kind of value it ends with, when the steps tell: `metadata` for a row's pipeline.
    public let result: Kind?

    /// What a value of an input or a step is, as far as the steps show.
    public enum Kind: Equatable, CustomStringConvertible {
        case bool, number, text, metadata

        public var description: String {
            switch self {
            case .bool: "true/false"
            case .text: "text"
            case .number: "numbers"
            case .metadata: "metadata (favorites, comments)"
            }
        }
    }

    /// Parses `NAME = INPUT | STEP …` over `inputs` (each with the kind of its values); refuses in
    /// one line, with the column, a name that is no input, a source that is not one, and a value
    /// where a signal is wanted (the parser's own refusals).
    public static func parse(_ text: String, inputs: [String: Kind], column: Int = 10) throws(PlaygroundError)
        -> OwnPipeline
    {
        let definition = try DefinitionParser.parse(text, column: column, appOwners: [])
        let known = inputs.keys.sorted().joined(separator: ", ")
        guard case .name(let first, let at) = definition.source else {
            throw PlaygroundError("column \(column): a pipeline starts from one of its inputs (\(known))")
        }
        guard definition.steps.count <= Playground.depthLimit else {
            throw PlaygroundError("a pipeline is at most \(Playground.depthLimit) operators")
        }
        var used: [String] = []
        for name in definition.namesUsed where !used.contains(name) {
            guard inputs[name] != nil else {
                let place = name == first ? at : definition.steps.first { $0.step.reads.contains(name) }?.column ?? at
                throw PlaygroundError(
                    "column \(place): '\(PlayValue.safe(name, limit: 40))' is no input here (\(known))")
            }
            used.append(name)
        }
        var kind = inputs[first]
        for (step, _) in definition.steps { kind = step.kind(after: kind, inputs: inputs) }
        let shown = text.split(separator: "=", maxSplits: 1).last.map { String($0).trimmed } ?? text
        let pieces = InputRecording.stepTitles(text, columns: definition.steps.map(\.column), firstColumn: column)
        return OwnPipeline(
            name: definition.name, shown: PlayValue.safe(shown, limit: 120), text: text, definition: definition,
            titles: pieces.map(callForm), inputsUsed: used, result: kind)
    }

    /// "delay 1s" as "delay(1s)", "filter true" as "filter(true)", "distinctUntilChanged" as is.
    static func callForm(_ piece: String) -> String {
        let words = piece.split(separator: " ", maxSplits: 1)
        guard words.count == 2 else { return piece }
        return "\(words[0])(\(words[1]))"
    }

    /// The pipeline over `inputs`, on `scheduler`, each step's output passed through `trace`
    /// with its title; at most `budget` subscriptions live at once across every owner.
    /// `dropped` hears each show a time step held and let go (`HeldShows`): a fetch saved.
    @MainActor
    public func build(
        inputs: [String: Signal<PlayValue>], scheduler: any Scheduler, budget: OwnPipeline.Budget,
        dropped: @escaping () -> Void = {}, trace: (Signal<PlayValue>, String) -> Signal<PlayValue>
    ) throws(PlaygroundError) -> Signal<PlayValue> {
        let reads = Counter()
        var previous = inputs[sourceName] ?? .never
        for (index, (step, column)) in definition.steps.enumerated() {
            let single = Definition(name: name, source: .name(Self.previous, column: column), steps: [(step, column)])
            let built = try HeldShows.counting(step, dropped: dropped, over: previous) {
                before throws(PlaygroundError) in
                let builder = StageBuilder(
                    scheduler: scheduler, app: nil,
                    lookup: { $0 == Self.previous ? .signal(before) : inputs[$0].map(Stage.signal) }, reads: reads,
                    budget: budget.subscriptions)
                return try builder.build(single).signal
            }
            previous = trace(built, titles[index])
        }
        return previous
    }

    /// The subscriptions a pipeline's rows hold, all told: one that runs wild fails at the bound.
    @MainActor
    public final class Budget {
        let subscriptions: SubscriptionBudget
        public init(limit: Int = Playground.subscriptionLimit) { subscriptions = SubscriptionBudget(limit: limit) }
        /// Live now, for `stats`.
        public var live: Int { subscriptions.live }
    }

    private var sourceName: String {
        if case .name(let name, _) = definition.source { return name }
        return ""
    }

    /// The name the previous step's output is looked up by: no input can be called this.
    private static let previous = " previous"
}
