/// `takeUntil NAME`: values until NAME sends a value or completes, then completed.
struct TakeUntilStep: PlayOperator {
    let trigger: String

    static let help = [
        PlaygroundGuide.op(
            "takeUntil", "takeUntil NAME", "values until NAME sends a value or completes, then completed",
            "\(PlaygroundGuide.rac)'s -takeUntil:", "until = b | takeUntil t")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> TakeUntilStep {
        TakeUntilStep(trigger: try reader.name(after: "takeUntil"))
    }

    var reads: [String] { [trigger] }
    func renamed(_ rename: (String) -> String) -> Self { TakeUntilStep(trigger: rename(trigger)) }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        return .signal(signal.take(until: try input.named(trigger)))
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { kind }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("takeUntil:\(trigger)")
        case .reactiveSwift:
            // The trigger's error is ignored, as RAC 2's takeUntil: ReactiveSwift's trigger never fails.
            .written("take(until: \(trigger).map { _ in }.flatMapError { _ in SignalProducer<(), Never>.never })")
        case .combine:
            .written(
                "prefix(untilOutputFrom: \(trigger))",
                note:
                    "Combine's prefix(untilOutputFrom:) goes on when \(trigger) ends without a value; takeUntil ends then"
            )
        case .concurrency:
            .written(
                "takeUntil(\(trigger))",
                note: "takeUntil(\(trigger)) ends the iteration when \(trigger) sends or ends, cancelling its tasks: "
                    + "a delay still waiting is dropped, as a Task cancelled on hide",
                helpers: [.asyncSignal, .heard, .takeUntil])
        }
    }
}
