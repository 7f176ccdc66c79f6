/// `sample NAME`: the source's latest value whenever NAME sends.
struct SampleStep: PlayOperator {
    let sampler: String

    static let help = [
        PlaygroundGuide.op(
            "sample", "sample NAME", "the source's latest value whenever NAME sends",
            "\(PlaygroundGuide.rac)'s -sample:",
            "sampled = b | sample t")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> SampleStep {
        SampleStep(sampler: try reader.signalName(after: "sample"))
    }

    var reads: [String] { [sampler] }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        return .signal(signal.sample(try input.named(sampler)))
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("sample:\(sampler)")
        case .reactiveSwift:
            .written(
                "sample(on: \(sampler).map { _ in }.flatMapError { _ in SignalProducer<(), Never>.empty })",
                note: "ReactiveSwift's sample(on:) ends once both have completed, and its sampler's error ends "
                    + "only the sampler; the playground's ends at either's end")
        case .combine:
            // The sampler's count tells a sample from a change of the source between samples.
            .written(
                "map(Optional.some).prepend(.none).combineLatest(\(sampler).scan(0) { count, _ in count + 1 })"
                    + ".removeDuplicates { $0.1 == $1.1 }.compactMap { $0.0 }",
                note: "this sample finishes once both have finished; RAC 2's when the source does")
        case .concurrency:
            .written("sample(\(sampler))", helpers: [.asyncSignal, .heard, .sample])
        }
    }
}
