/// `materialize`: each event as a value (next(a), error(x), completed), then completed.
struct MaterializeStep: PlayOperator {
    static let help = [
        PlaygroundGuide.op(
            "materialize", "materialize", "each event as a value (next(a), error(x), completed), then completed",
            "\(PlaygroundGuide.rac)'s -materialize", "events = b | materialize")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> Self { Self() }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        .signal(
            try input.signal().materialize().map { event in
                switch event {
                case .next(let value): PlayValue.event(.next(value))
                case .failed(let error): PlayValue.event(.error(PlayFailure(PlayFailure.text(of: error))))
                case .completed: PlayValue.event(.completed)
                }
            })
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("materialize")
        case .reactiveSwift:
            .written("materialize()")
        case .combine:
            .written("materialize()", helpers: [MaterializeStep.combineEvent, MaterializeStep.combineHelper])
        case .concurrency:
            .written("materialize()", helpers: [.asyncSignal, .materialized])
        }
    }

    /// An event as a value, written as the playground writes it: next(a), error(x), completed.
    static let combineEvent = CodeHelper(
        name: "Event",
        lines: [
            "enum Event<Value>: CustomStringConvertible {",
            "    case next(Value)",
            "    case error(any Error)",
            "    case completed",
            "",
            "    var description: String {",
            "        switch self {",
            "        case .next(let value): \"next(\\(value))\"",
            "        case .error(let error): \"error(\\(error))\"",
            "        case .completed: \"completed\"",
            "        }",
            "    }",
            "}",
        ])

    /// Combine has no materialize: each value, then the end, as an Event; never a failure.
    static let combineHelper = CodeHelper(
        name: "materialize",
        lines: [
            "extension Publisher {",
            "    /// RAC 2's -materialize: each event as a value, then finished.",
            "    func materialize() -> AnyPublisher<Event<Output>, Failure> {",
            "        map { Event.next($0) }",
            "            .append(Event.completed)",
            "            .catch { Just(Event.error($0)).setFailureType(to: Failure.self) }",
            "            .eraseToAnyPublisher()",
            "    }",
            "}",
        ])
}
