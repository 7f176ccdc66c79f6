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
    func renamed(_ rename: (String) -> String) -> Self { SampleStep(sampler: rename(sampler)) }

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
            .written(
                "sample(\(sampler))", note: "this sample finishes once both have finished; RAC 2's when either does",
                helpers: [Self.combineHelper])
        case .concurrency:
            .written("sample(\(sampler))", helpers: [.asyncSignal, .heard, .sample])
        }
    }

    /// Combine has no sample: a composition of its operators, typed step by step so that a
    /// compiler checks it at once (written as one chain, it runs out of time inferring it).
    static let combineHelper = CodeHelper(
        name: "sample",
        lines: [
            "extension Publisher {",
            "    /// RAC 2's -sample:: the latest value each time `sampler` sends, once one has come. The",
            "    /// sampler's count tells a sample from a change of the source between samples.",
            "    func sample<Sampler: Publisher>(_ sampler: Sampler) -> AnyPublisher<Output, Failure>",
            "    where Sampler.Failure == Failure {",
            "        let latest: Publishers.Map<Self, Output?> = map { Optional($0) }",
            "        let ticks: Publishers.Scan<Sampler, Int> = sampler.scan(0) { count, _ in count + 1 }",
            "        return latest.prepend(nil).combineLatest(ticks)",
            "            .removeDuplicates { (old: (Output?, Int), new: (Output?, Int)) in old.1 == new.1 }",
            "            .compactMap { (pair: (Output?, Int)) in pair.0 }",
            "            .eraseToAnyPublisher()",
            "    }",
            "}",
        ])
}
