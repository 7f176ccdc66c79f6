/// `distinctUntilChanged`: a value only when it differs from the one before.
struct DistinctUntilChangedStep: PlayOperator {
    static let help = [
        PlaygroundGuide.op(
            "distinctUntilChanged", "distinctUntilChanged", "a value only when it differs from the one before",
            "\(PlaygroundGuide.rac)'s -distinctUntilChanged", "changes = b | distinctUntilChanged")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> Self { Self() }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }
    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        .signal(try input.signal().distinctUntilChanged())
    }

    func pulled(_ sequence: PlaySequence) -> Stage? {
        sequence.pulling { source in
            var last: PlayValue?
            return {
                while let result = source.next() {
                    guard case .success(let value) = result else { return result }
                    if value == last { continue }
                    last = value
                    return result
                }
                return nil
            }
        }
    }

    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { kind }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("distinctUntilChanged")
        case .reactiveSwift:
            .written("skipRepeats()")
        case .combine:
            .written("removeDuplicates()")
        case .concurrency:
            .written("removeDuplicates()")
        }
    }
}
