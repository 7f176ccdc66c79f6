import Reactive

/// `zip NAME`: a pair of the nth values of both, once each has sent its nth.
struct ZipStep: PlayOperator {
    let other: String

    static let help = [
        PlaygroundGuide.op(
            "zip", "zip NAME",
            "a pair of the nth values of both, once each has sent its nth; ends once either has ended "
                + "with none left to pair",
            "\(PlaygroundGuide.rac)'s -zipWith:", "pairs = b | zip t")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> ZipStep {
        ZipStep(other: try reader.name(after: "zip"))
    }

    var reads: [String] { [other] }
    func renamed(_ rename: (String) -> String) -> Self { ZipStep(other: rename(other)) }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        return .signal(zip(signal, try input.named(other)).map { PlayValue.pair($0, $1) })
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .combining }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2: .written("zipWith:\(other)")
        case .reactiveSwift: .written("zip(with: \(other))")
        case .combine: .written("zip(\(other))")
        case .concurrency:
            .written(
                "zip(with: \(other))",
                note:
                    "swift-async-algorithms' zip asks each side for one value at a time: a failure that comes after a value still waiting for its pair is heard once that pair is made, where the playground's (RAC 2's zipWith:) fails at once",
                helpers: [.zip])
        }
    }
}
