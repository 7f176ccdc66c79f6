/// `delay DURATION`: each value and the completion, DURATION later; an error at once.
struct DelayStep: PlayOperator {
    let interval: Duration

    static let help = [
        PlaygroundGuide.op(
            "delay", "delay DURATION", "each value and the completion, DURATION later; an error at once",
            "\(PlaygroundGuide.rac)'s -delay:", "late = b | delay 1s")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> DelayStep {
        DelayStep(interval: try reader.duration(after: "delay"))
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        .signal(try input.signal().delay(interval, on: input.scheduler))
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { kind }
    /// Every value waits its turn: each one disposed while waiting is let go.
    var holds: HeldShows.Holding { .each }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("delay:\(CodeWriter.seconds(interval))")
        case .reactiveSwift:
            .written("delay(\(CodeWriter.seconds(interval)), on: QueueScheduler.main)")
        case .combine:
            .written(
                "delay(for: \(CodeWriter.dispatch(interval)), scheduler: DispatchQueue.main)",
                note:
                    "Combine's delay delays a failure too; the playground's fails at once, dropping what is still delayed"
            )
        case .concurrency:
            CodeWriter.timed(
                "delay(for: \(CodeWriter.dispatch(interval)), clock: clock)", helpers: [.asyncSignal, .delay])
        }
    }
}
