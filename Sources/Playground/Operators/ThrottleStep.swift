/// `throttle DURATION` and `debounce DURATION`: the latest value once DURATION passes with no
/// newer one. RAC 2 calls it -throttle:; RxJS, ReactiveSwift and Combine call it debounce.
struct ThrottleStep: PlayOperator {
    let interval: Duration
    /// Written `debounce`, RxJS's name.
    let debounce: Bool

    static let help = [
        PlaygroundGuide.op(
            "throttle", "throttle DURATION", "the latest value once DURATION passes with no newer one",
            "\(PlaygroundGuide.rac)'s -throttle:", "calm = b | throttle 300ms"),
        PlaygroundGuide.op(
            "debounce", "debounce DURATION", "the same as throttle, under RxJS's name",
            "RxJS's debounceTime (\(PlaygroundGuide.rac) calls it -throttle:)", "calm = b | debounce 300ms"),
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> ThrottleStep {
        ThrottleStep(interval: try reader.duration(after: word.text), debounce: word.text == "debounce")
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        .signal(try input.signal().throttle(interval, on: input.scheduler))
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { kind }
    /// The value it sends stands for every one it held before it.
    var holds: HeldShows.Holding { .latest }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("throttle:\(CodeWriter.seconds(interval))")
        case .reactiveSwift:
            .written(
                "debounce(\(CodeWriter.seconds(interval)), on: QueueScheduler.main, discardWhenCompleted: false)",
                note: "ReactiveSwift's debounce sends a value still waiting when the source completes at the end of "
                    + "its interval; the playground's sends it at once")
        case .combine:
            .written(
                "debounce(for: \(CodeWriter.dispatch(interval)), scheduler: DispatchQueue.main)",
                note:
                    "Combine's debounce drops a value still waiting when the source ends; the playground's sends it first"
            )
        case .concurrency:
            CodeWriter.timed("debounce(for: \(CodeWriter.dispatch(interval)), clock: clock)")
        }
    }
}
