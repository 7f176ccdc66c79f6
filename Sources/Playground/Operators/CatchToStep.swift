/// `catchTo NAME`: on an error, NAME subscribed in its place (RAC 2's -catchTo: takes the signal).
struct CatchToStep: PlayOperator {
    let fallback: String

    static let help = [
        PlaygroundGuide.op(
            "catchTo", "catchTo NAME", "on an error, NAME subscribed in its place (catchTo e, with e = empty)",
            "\(PlaygroundGuide.rac)'s -catchTo:", "safe = b | catchTo t")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> CatchToStep {
        CatchToStep(fallback: try reader.signalName(after: "catchTo"))
    }

    var reads: [String] { [fallback] }
    func renamed(_ rename: (String) -> String) -> Self { CatchToStep(fallback: rename(fallback)) }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        let fallback = try input.named(fallback)
        return .signal(signal.catch { _ in fallback })
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { kind }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("catchTo:\(fallback)")
        case .reactiveSwift:
            .written("flatMapError { _ in \(fallback) }")
        case .combine:
            .written("catch { _ in \(fallback) }")
        case .concurrency:
            .written("catchError { _ in \(fallback) }", helpers: [.asyncSignal, .catchError])
        }
    }
}
