import Reactive

/// `timeout DURATION`: an error (timed out) if the source has not ended DURATION after the
/// subscription.
struct TimeoutStep: PlayOperator {
    let interval: Duration

    static let help = [
        PlaygroundGuide.op(
            "timeout", "timeout DURATION",
            "an error (timed out) if the source has not ended DURATION after the subscription",
            "\(PlaygroundGuide.rac)'s -timeout:onScheduler:", "quick = b | timeout 1s")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> TimeoutStep {
        TimeoutStep(interval: try reader.duration(after: "timeout"))
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let timed = try input.signal().timeout(interval, on: input.scheduler)
        // The failure it makes itself is carried as a playground failure, as every other is.
        return .signal(
            Signal { observer in
                timed.subscribe { event in
                    guard case .failed(let error) = event, !(error is PlayFailure) else { return observer.send(event) }
                    observer.send(error: PlayFailure(PlayFailure.text(of: error)))
                }
            })
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("timeout:\(CodeWriter.seconds(interval)) onScheduler:[RACScheduler mainThreadScheduler]")
        case .reactiveSwift:
            .written(
                "timeout(after: \(CodeWriter.seconds(interval)), raising: PlaygroundError(\"timed out\"), "
                    + "on: QueueScheduler.main)", helpers: [CodeWriter.reactiveSwiftError])
        case .combine:
            .written(
                "timeout(\(CodeWriter.dispatch(interval)), scheduler: DispatchQueue.main, "
                    + "customError: { PlaygroundError(\"timed out\") })",
                note: "Combine's timeout starts again at each value; RAC 2's counts from the subscription to the end",
                helpers: [.combineError])
        case .concurrency:
            CodeWriter.timed(
                "timeout(after: \(CodeWriter.dispatch(interval)), clock: clock)", helpers: [.asyncSignal, .timeout])
        }
    }
}
