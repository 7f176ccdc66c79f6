import Reactive

/// `flattenMap [NAME]` and `switchToLatest [NAME]`: each value's signal (or NAME, subscribed
/// afresh for every value) flattened, all of them merged or only the latest: ReactiveSwift's
/// `.merge` and `.latest` flatten strategies.
struct FlattenStep: PlayOperator {
    /// nil: the signal each value carries.
    let inner: String?
    /// switchToLatest: only the latest inner signal's values.
    let latest: Bool

    static let help = [
        PlaygroundGuide.op(
            "flattenMap", "flattenMap [NAME]", "each value's signal (or NAME's, for every value), all merged",
            "\(PlaygroundGuide.rac)'s -flattenMap:", "each = b | flattenMap t"),
        PlaygroundGuide.op(
            "switchToLatest", "switchToLatest [NAME]", "only the latest inner signal's values",
            "\(PlaygroundGuide.rac)'s -switchToLatest (-flattenMap: then switch)", "latest = b | switchToLatest t"),
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> FlattenStep {
        FlattenStep(inner: try reader.optionalName(), latest: word.text == "switchToLatest")
    }

    var reads: [String] { inner.map { [$0] } ?? [] }
    func renamed(_ rename: (String) -> String) -> Self { FlattenStep(inner: inner.map(rename), latest: latest) }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        let named = try inner.map { name throws(PlaygroundError) in try input.named(name) }
        let budget = input.builder.budget
        let each = { (value: PlayValue) in named ?? budget.counted(Signal.inner(value)) }
        return .signal(latest ? signal.flatMapLatest(each) : signal.flatMap(each))
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }

    /// What the named inner signal carries; a value's own signal does not tell.
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? {
        inner.flatMap { inputs[$0] }
    }

    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        let swiftInner = inner.map { "_ in \($0)" } ?? "$0"
        return switch library {
        case .rac2:
            latest
                // Two messages: the map to the named signal, then the switch.
                ? .written(inner.map { "map:^id(id value) { return \($0); }] switchToLatest" } ?? "switchToLatest")
                : .written("flattenMap:^RACSignal *(id value) { return \(inner ?? "value"); }")
        case .reactiveSwift:
            .written("flatMap(\(latest ? ".latest" : ".merge")) { \(swiftInner) }")
        case .combine:
            latest
                ? .written(inner.map { "map { _ in \($0) }.switchToLatest()" } ?? "switchToLatest()")
                : .written("flatMap { \(swiftInner) }")
        case .concurrency:
            latest
                ? .written("flatMapLatest { \(swiftInner) }")
                : .written("flatMapMerge { \(swiftInner) }", helpers: [.asyncSignal, .flatMapMerge])
        }
    }
}
