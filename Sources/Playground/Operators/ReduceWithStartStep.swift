/// `foldLeftWithStart START HOW` and `scanWithStart START HOW`: fold and scan (ReduceStep.swift)
/// from a start of one's own, as RAC 2 names them.
struct ReduceWithStartStep: PlayOperator {
    let start: PlayValue
    let reducer: Reducer
    /// foldLeftWithStart: only the result when the source completes.
    let final: Bool

    static let help = [
        PlaygroundGuide.op(
            "foldLeftWithStart", "foldLeftWithStart START HOW", "as fold, starting from START",
            "\(PlaygroundGuide.rac)'s -foldLeftWithStart:reduce: (RACSequence; -aggregateWithStart:reduce: on a signal)",
            "line = b | foldLeftWithStart \"\" concat"),
        PlaygroundGuide.op(
            "scanWithStart", "scanWithStart START HOW", "as scan, starting from START",
            "\(PlaygroundGuide.rac)'s -scanWithStart:reduce:", "running = b | scanWithStart 10 count"),
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> ReduceWithStartStep {
        let start = try reader.value("a start value after \(word.text) (\(word.text) 0 sum)")
        let how = try reader.word("one of \(Reducer.known) after the start value")
        return ReduceWithStartStep(start: start, reducer: try Reducer.parse(how), final: word.text != "scanWithStart")
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        .signal(try input.signal().reduced(reducer, start: start, final: final))
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { sequence.reduced(reducer, start: start, final: final) }

    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        CodeWriter.reduce(reducer, start: start, final: final, in: library)
    }
}
