/// `skip N`: every value after the first N.
struct SkipStep: PlayOperator {
    let count: Int

    static let help = [
        PlaygroundGuide.op(
            "skip", "skip N", "every value after the first N", "\(PlaygroundGuide.rac)'s -skip:", "later = b | skip 1")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> SkipStep {
        SkipStep(count: try reader.count(after: "skip", from: 0))
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }
    func build(_ input: StepInput) throws(PlaygroundError) -> Stage { .signal(try input.signal().skip(count)) }

    func pulled(_ sequence: PlaySequence) -> Stage? {
        sequence.pulling { source in
            var skipped = false
            return {
                if !skipped {
                    skipped = true
                    for _ in 0..<count where source.next() == nil { return nil }
                }
                return source.next()
            }
        }
    }

    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { kind }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("skip:\(count)")
        case .reactiveSwift:
            .written("skip(first: \(count))")
        case .combine:
            .written("dropFirst(\(count))")
        case .concurrency:
            .written("dropFirst(\(count))")
        }
    }
}
