/// `concat NAME`: the source's values, then, once it completes, NAME's.
struct ConcatStep: PlayOperator {
    let next: String

    static let help = [
        PlaygroundGuide.op(
            "concat", "concat NAME", "the source's values, then, once it completes, NAME's",
            "\(PlaygroundGuide.rac)'s -concat:", "both = b | concat t")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> ConcatStep {
        ConcatStep(next: try reader.signalName(after: "concat"))
    }

    var reads: [String] { [next] }
    func renamed(_ rename: (String) -> String) -> Self { ConcatStep(next: rename(next)) }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        return .signal(signal.concat(try input.named(next)))
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("concat:\(next)")
        case .reactiveSwift:
            .written("concat(\(next))")
        case .combine:
            .written("append(\(next))")
        case .concurrency:
            .written("concat(\(next))", helpers: [.asyncSignal, .chained])
        }
    }
}
