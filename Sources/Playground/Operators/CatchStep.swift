/// `catch NAME`: RAC 2's -catch:, whose block returns the signal subscribed in the failed one's
/// place; here the block is that signal's name, as catchTo's.
struct CatchStep: PlayOperator {
    let fallback: String

    static let help = [
        PlaygroundGuide.op(
            "catch", "catch NAME", "on an error, NAME subscribed in its place (RAC 2's block returns it)",
            "\(PlaygroundGuide.rac)'s -catch:", "safe = b | catch t")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> CatchStep {
        CatchStep(fallback: try reader.signalName(after: "catch"))
    }

    var reads: [String] { [fallback] }
    func renamed(_ rename: (String) -> String) -> Self { CatchStep(fallback: rename(fallback)) }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        let fallback = try input.named(fallback)
        return .signal(signal.catch { _ in fallback })
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("catch:^RACSignal *(NSError *error) { return \(fallback); }")
        case .reactiveSwift:
            .written("flatMapError { _ in \(fallback) }")
        case .combine:
            .written("catch { _ in \(fallback) }")
        case .concurrency:
            .written("catchError { _ in \(fallback) }", helpers: [.asyncSignal, .catchError])
        }
    }
}
