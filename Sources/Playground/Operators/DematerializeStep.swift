import Reactive

/// `dematerialize`: materialized events as events again; any other value fails.
struct DematerializeStep: PlayOperator {
    static let help = [
        PlaygroundGuide.op(
            "dematerialize", "dematerialize", "materialized events as events again",
            "\(PlaygroundGuide.rac)'s -dematerialize",
            "again = b | materialize | dematerialize")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> Self { Self() }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        return .signal(
            Signal { observer in
                signal.subscribe { event in
                    switch event {
                    case .next(.event(.next(let value))): observer.send(value)
                    case .next(.event(.error(let failure))): observer.send(error: failure)
                    case .next(.event(.completed)), .completed: observer.sendCompleted()
                    case .next(let other):
                        observer.send(error: PlayFailure("dematerialize takes materialized events, not \(other)"))
                    case .failed(let error): observer.send(error: error)
                    }
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
            .written("dematerialize")
        case .reactiveSwift:
            .written("dematerialize()")
        case .combine:
            .written("dematerialize()", helpers: [MaterializeStep.combineEvent, Self.combineHelper])
        case .concurrency:
            .written("dematerialize()", helpers: [.asyncSignal, .materialized])
        }
    }

    /// Combine has no dematerialize: Events as events again.
    static let combineHelper = CodeHelper(
        name: "dematerialize",
        lines: [
            "extension Publisher where Failure == Error {",
            "    /// RAC 2's -dematerialize: next values sent, completed finishes, error fails.",
            "    func dematerialize<Value>() -> AnyPublisher<Value, Error> where Output == Event<Value> {",
            "        prefix { if case .completed = $0 { false } else { true } }",
            "            .tryMap { event in",
            "                switch event {",
            "                case .next(let value): return value",
            "                case .error(let error): throw error",
            "                case .completed: fatalError(\"prefix ends before completed\")",
            "                }",
            "            }",
            "            .eraseToAnyPublisher()",
            "    }",
            "}",
        ])
}
