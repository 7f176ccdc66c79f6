import Reactive

/// `retry [N]`: after an error, subscribes again, N times or, without N, for ever as RAC 2's.
struct RetryStep: PlayOperator {
    /// nil: for ever (but at most `retryLimit` subscriptions at one instant, `totalLimit` in all).
    let count: Int?

    static let help = [
        PlaygroundGuide.op(
            "retry", "retry [N]",
            "after an error, subscribes again, N times (without N, for ever, as RAC 2; the playground stops after 1000 "
                + "tries at one instant or 10000 in all)",
            "\(PlaygroundGuide.rac)'s -retry: and -retry", "again = b | retry 2")
    ]

    /// Where RAC 2 retries for ever at one instant (a source that fails as it is subscribed),
    /// the playground stops: that would hang the shell.
    static let retryLimit = 1000
    static let retryRefusal = "retry subscribed \(retryLimit) times at one instant: RAC 2 would loop for ever here"
    /// A source that fails a little later each time (`never | timeout 1ms`) loops as long as the
    /// clock runs: a `wait 24h` would retry 86 million times, so the playground stops there too.
    static let totalLimit = 10_000
    static let totalRefusal = "retry subscribed \(totalLimit) times in all: RAC 2 would go on for ever"

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> RetryStep {
        guard let next = reader.peek, !next.isPipe else { return RetryStep(count: nil) }
        return RetryStep(count: try reader.count(after: "retry", from: 1))
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        .signal(Self.retried(try input.signal(), count: count, on: input.scheduler, budget: input.builder.budget))
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written(count.map { "retry:\($0)" } ?? "retry")
        case .reactiveSwift:
            .written(
                "retry(upTo: \(count.map(String.init) ?? "Int.max"))",
                note: count == nil
                    ? "ReactiveSwift's retry has no limit: a source that fails as it starts loops for ever "
                        + "(the playground stops after \(Self.retryLimit) tries at one instant, \(Self.totalLimit) in all)"
                    : nil)
        case .combine:
            count.map { .written("retry(\($0))") }
                ?? .written("retry(.max)", note: "Combine's retry takes a count: .max retries for as long as RAC 2's")
        case .concurrency:
            .written(
                "retry(\(count.map(String.init) ?? ""))",
                note: count == nil
                    ? "retry() tries for ever; the playground stops after \(Self.retryLimit) tries at one instant, "
                        + "\(Self.totalLimit) in all"
                    : nil,
                helpers: [.asyncSignal, .retry])
        }
    }

    /// RAC 2's retry, `count` times or for ever; but a source that fails as it is subscribed,
    /// again and again at one instant, would hang the shell as it hangs an app, so there the
    /// playground gives up after `retryLimit` subscriptions, in one line; after `totalLimit` over
    /// any time; and once the session's retries, nested ones multiplying, reach the budget's.
    @MainActor
    private static func retried(
        _ signal: Signal<PlayValue>, count: Int?, on scheduler: any Scheduler, budget: SubscriptionBudget
    ) -> Signal<PlayValue> {
        Signal { outer in
            var instant = scheduler.now
            var (tries, total) = (0, 0)
            let watched = Signal<PlayValue> { inner in
                if scheduler.now != instant { (instant, tries) = (scheduler.now, 0) }
                (tries, total) = (tries + 1, total + 1)
                var refusal: String?
                if total > 1, !budget.retried() {
                    refusal = budget.retryRefusal
                } else if count == nil, tries > retryLimit {
                    refusal = retryRefusal
                } else if count == nil, total > totalLimit {
                    refusal = totalRefusal
                }
                if let refusal {
                    outer.send(error: PlayFailure(refusal))
                    return nil
                }
                return signal.subscribe { inner.send($0) }
            }
            return (count.map { watched.retry($0) } ?? watched.retry()).subscribe { outer.send($0) }
        }
    }
}
