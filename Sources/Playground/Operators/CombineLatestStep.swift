import Reactive

/// `combineLatest NAME`: a pair of both latest values whenever either sends.
struct CombineLatestStep: PlayOperator {
    let other: String

    static let help = [
        PlaygroundGuide.op(
            "combineLatest", "combineLatest NAME", "a pair of both latest values whenever either sends",
            "\(PlaygroundGuide.rac)'s -combineLatestWith:", "pairs = b | combineLatest t")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> CombineLatestStep {
        CombineLatestStep(other: try reader.name(after: "combineLatest"))
    }

    var reads: [String] { [other] }
    func renamed(_ rename: (String) -> String) -> Self { CombineLatestStep(other: rename(other)) }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        return .signal(combineLatest(signal, try input.named(other)).map { PlayValue.pair($0, $1) })
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .combining }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("combineLatestWith:\(other)")
        case .reactiveSwift:
            .written("combineLatest(with: \(other))")
        case .combine:
            .written("combineLatest(\(other))")
        case .concurrency:
            .written(
                "combineLatest(with: \(other))",
                note:
                    "swift-async-algorithms' combineLatest ends when either side ends before its first value; the playground's waits for both",
                helpers: [.combineLatest])
        }
    }
}
