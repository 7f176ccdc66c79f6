/// `merge NAME`: the values of both as they come; completed when both are.
struct MergeStep: PlayOperator {
    let other: String

    static let help = [
        PlaygroundGuide.op(
            "merge", "merge NAME", "the values of both as they come; completed when both are",
            "\(PlaygroundGuide.rac)'s -merge:", "both = b | merge t")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> MergeStep {
        MergeStep(other: try reader.name(after: "merge"))
    }

    var reads: [String] { [other] }
    func renamed(_ rename: (String) -> String) -> Self { MergeStep(other: rename(other)) }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        return .signal(signal.merge(with: try input.named(other)))
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }

    /// Of one kind when both sides are.
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? {
        inputs[other] == kind ? kind : nil
    }

    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("merge:\(other)")
        case .reactiveSwift:
            .written("merge(with: \(other))")
        case .combine:
            .written("merge(with: \(other))")
        case .concurrency:
            .written("merge(with: \(other))", helpers: [.merge])
        }
    }
}
