/// `ignore VALUE`: every value but VALUE.
struct IgnoreStep: PlayOperator {
    let ignored: PlayValue

    static let help = [
        PlaygroundGuide.op(
            "ignore", "ignore VALUE", "every value but VALUE", "\(PlaygroundGuide.rac)'s -ignore:", "noA = b | ignore a"
        )
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> IgnoreStep {
        IgnoreStep(ignored: try reader.value("a value after ignore (ignore 0)"))
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }
    func build(_ input: StepInput) throws(PlaygroundError) -> Stage { .signal(try input.signal().ignore(ignored)) }

    func pulled(_ sequence: PlaySequence) -> Stage? {
        sequence.pulling { source in
            {
                while let result = source.next() {
                    if case .success(let value) = result, value == ignored { continue }
                    return result
                }
                return nil
            }
        }
    }

    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("ignore:\(CodeWriter.objc(ignored))")
        case .reactiveSwift:
            .written("filter { $0 != \(CodeWriter.swift(ignored)) }")
        case .combine:
            .written("filter { $0 != \(CodeWriter.swift(ignored)) }")
        case .concurrency:
            .written("filter { $0 != \(CodeWriter.swift(ignored)) }")
        }
    }
}
