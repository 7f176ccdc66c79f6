/// `signal`: a pulled sequence as a pushed signal (RACSequence's -signal).
struct SignalStep: PlayOperator {
    static let help = [
        PlaygroundGuide.op(
            "signal", "signal", "a sequence as a signal", "\(PlaygroundGuide.rac)'s -[RACSequence signal]",
            "played = sequence 1 2 | signal")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> Self { Self() }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        _ = try input.signal()
        throw input.refusal("signal turns a sequence into a signal; this is one already")
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { .signal(sequence.signal) }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("signal")
        // Their source is pushed already (SignalProducer, a sequence's publisher): nothing to turn.
        case .reactiveSwift:
            .written(
                "producer", note: "a sequence's SignalProducer sends its values when started: .producer is itself")
        case .combine:
            .written("publisher.setFailureType(to: Error.self)")
        case .concurrency:
            .written("signal()", helpers: [.asyncSignal, .pushed])
        }
    }
}
