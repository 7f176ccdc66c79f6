/// `then NAME`: no values of the source; once it completes, NAME's.
struct ThenStep: PlayOperator {
    let next: String

    static let help = [
        PlaygroundGuide.op(
            "then", "then NAME", "no values of the source; once it completes, NAME's",
            "\(PlaygroundGuide.rac)'s -then:",
            "after = b | then t")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> ThenStep {
        ThenStep(next: try reader.signalName(after: "then"))
    }

    var reads: [String] { [next] }
    func renamed(_ rename: (String) -> String) -> Self { ThenStep(next: rename(next)) }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        return .signal(signal.then(try input.named(next)))
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("then:^RACSignal *{ return \(next); }")
        case .reactiveSwift:
            .written("then(\(next))")
        case .combine:
            .written("then(\(next))", helpers: [Self.combineHelper])
        case .concurrency:
            .written("then(\(next))", helpers: [.asyncSignal, .then])
        }
    }

    /// Combine has no then: the source's values ignored, then the next publisher's.
    static let combineHelper = CodeHelper(
        name: "then",
        lines: [
            "extension Publisher {",
            "    /// RAC 2's -then:: no values of this one; once it finishes, `next`'s.",
            "    func then<P: Publisher>(_ next: P) -> AnyPublisher<P.Output, Failure> where P.Failure == Failure {",
            "        ignoreOutput().flatMap { _ in Empty<P.Output, Failure>() }.append(next).eraseToAnyPublisher()",
            "    }",
            "}",
        ])
}
