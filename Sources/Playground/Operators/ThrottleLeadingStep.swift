/// `throttleLeading DURATION`: the first value at once, then the latest of each window at its end.
struct ThrottleLeadingStep: PlayOperator {
    let interval: Duration

    static let help = [
        PlaygroundGuide.op(
            "throttleLeading", "throttleLeading DURATION",
            "the first value at once, then the latest of each DURATION window at its end",
            "ReactiveCocoa 4's throttle(_:on:), which RAC 2 lacks", "rate = b | throttleLeading 300ms")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> ThrottleLeadingStep {
        ThrottleLeadingStep(interval: try reader.duration(after: "throttleLeading"))
    }

    var reads: [String] { [] }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        .signal(try input.signal().throttleLeading(interval, on: input.scheduler))
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { kind }
    var holds: HeldShows.Holding { .latest }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .standIn(
                "throttle:\(CodeWriter.seconds(interval))",
                note: "RAC 2 has no leading throttle: -throttle: (the latest after a quiet time) stands in")
        case .reactiveSwift:
            .written(
                "throttle(\(CodeWriter.seconds(interval)), on: QueueScheduler.main)",
                note: "ReactiveSwift's throttle sends through its scheduler (values of one instant count as one) "
                    + "and drops a value still waiting when the source ends; the playground's sends it first")
        case .combine:
            .written(
                "throttle(for: \(CodeWriter.dispatch(interval)), scheduler: DispatchQueue.main, latest: true)",
                note: "Combine's throttle sends through its scheduler (values of one instant count as one) and ends "
                    + "after its interval; the playground's ends at once")
        case .concurrency:
            .unwritten("async", in: library)
        }
    }
}
