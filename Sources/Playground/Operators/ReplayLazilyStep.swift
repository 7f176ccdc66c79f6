/// `replayLazily`: connects at the first subscriber, never disconnects, replays all.
struct ReplayLazilyStep: PlayOperator {
    static let help = [
        PlaygroundGuide.op(
            "replayLazily", "replayLazily", "connects at the first subscriber, never disconnects, replays all",
            "\(PlaygroundGuide.rac)'s -replayLazily", "lazy = b | replayLazily")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> Self { Self() }

    var reads: [String] { [] }
    func build(_ input: StepInput) throws(PlaygroundError) -> Stage { .signal(try input.signal().replayLazily()) }
    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("replayLazily")
        case .reactiveSwift:
            .written("replayLazily(upTo: Int.max)")
        case .combine:
            .unwritten("replayLazily", in: library)
        case .concurrency:
            .unwritten("async", in: library)
        }
    }
}
