/// `map FUNCTION`: each value transformed by one of the playground's named functions.
struct MapStep: PlayOperator {
    let function: ValueFunction

    static let help = [
        PlaygroundGuide.op(
            "map", "map FUNCTION", "each value transformed (\(ValueFunction.known))", "\(PlaygroundGuide.rac)'s -map:",
            "up = b | map upper")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> MapStep {
        let function = try reader.word("a function after map (\(ValueFunction.known))")
        guard let parsed = ValueFunction.parse(function.text) else {
            throw PlaygroundError(at: function.column, expected: "one of \(ValueFunction.known)", found: function.text)
        }
        return MapStep(function: parsed)
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        .signal(try input.signal().tryMap { value in function.apply(value).map { $0 } })
    }

    func pulled(_ sequence: PlaySequence) -> Stage? {
        sequence.pulling { source in { source.next().map { $0.flatMap(function.apply) } } }
    }

    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? {
        switch function {
        case .length: .number
        case .test, .not: .bool
        default: nil
        }
    }

    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("map:^id(id value) { return \(CodeWriter.objc(function)); }")
        case .reactiveSwift:
            .written("map { \(CodeWriter.swift(function)) }")
        case .combine:
            .written("map { \(CodeWriter.swift(function)) }")
        case .concurrency:
            .written("map { \(CodeWriter.swift(function)) }")
        }
    }
}
