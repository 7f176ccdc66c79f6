/// `materialize`: each event as a value (next(a), error(x), completed), then completed.
struct MaterializeStep: PlayOperator {
    static let help = [
        PlaygroundGuide.op(
            "materialize", "materialize", "each event as a value (next(a), error(x), completed), then completed",
            "\(PlaygroundGuide.rac)'s -materialize", "events = b | materialize")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> Self { Self() }

    var reads: [String] { [] }

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
            .unwritten("materialize", in: library)
        case .concurrency:
            .unwritten("async", in: library)
        }
    }
}
