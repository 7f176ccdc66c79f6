/// `startWith VALUE`: VALUE first, then the source.
struct StartWithStep: PlayOperator {
    let value: PlayValue

    static let help = [
        PlaygroundGuide.op(
            "startWith", "startWith VALUE", "VALUE first, then the source", "\(PlaygroundGuide.rac)'s -startWith:",
            "from0 = b | startWith 0")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> StartWithStep {
        StartWithStep(value: try reader.value("a value after startWith (startWith 0)"))
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }
    func build(_ input: StepInput) throws(PlaygroundError) -> Stage { .signal(try input.signal().startWith(value)) }
    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("startWith:\(CodeWriter.objc(value))")
        case .reactiveSwift:
            .written("prefix(value: \(CodeWriter.swift(value)))")
        case .combine:
            .written("prepend(\(CodeWriter.swift(value)))")
        case .concurrency:
            .written("startWith(\(CodeWriter.swift(value)))", helpers: [.asyncSignal, .chained])
        }
    }
}
