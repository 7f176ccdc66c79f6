import Reactive

/// `retry [N]`: after an error, subscribes again, N times or, without N, for ever as RAC 2's.
struct RetryStep: PlayOperator {
    /// nil: for ever (but at most `retryLimit` subscriptions at one instant).
    let count: Int?

    static let help = [
        PlaygroundGuide.op(
            "retry", "retry [N]",
            "after an error, subscribes again, N times (without N, for ever, as RAC 2; 1000 tries at one instant at most)",
            "\(PlaygroundGuide.rac)'s -retry: and -retry", "again = b | retry 2")
    ]

    /// Where RAC 2 retries for ever at one instant (a source that fails as it is subscribed),
    /// the playground stops: that would hang the shell.
    static let retryLimit = 1000
    static let retryRefusal = "retry subscribed \(retryLimit) times at one instant: RAC 2 would loop for ever here"

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> RetryStep {
        guard let next = reader.peek, !next.isPipe else { return RetryStep(count: nil) }
        return RetryStep(count: try reader.count(after: "retry", from: 1))
    }

    var reads: [String] { [] }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        return .signal(count.map { signal.retry($0) } ?? Self.retriedForever(signal, on: input.scheduler))
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
                        + "(the playground stops after \(Self.retryLimit) tries at one instant)" : nil)
        case .combine:
            count.map { .written("retry(\($0))") }
                ?? .written("retry(.max)", note: "Combine's retry takes a count: .max retries for as long as RAC 2's")
        case .concurrency:
            .written(
                "retry(\(count.map(String.init) ?? ""))",
                note: count == nil
                    ? "retry() tries for ever; the playground stops after \(Self.retryLimit) tries at one instant"
                    : nil,
                helpers: [.asyncSignal, .retry])
        }
    }

    /// RAC 2's retry, for ever; but a source that fails as it is subscribed, again and again at
    /// one instant, would hang the shell as it hangs an app, so there the playground gives up
    /// after `retryLimit` subscriptions, in one line.
    @MainActor
    private static func retriedForever(_ signal: Signal<PlayValue>, on scheduler: any Scheduler) -> Signal<PlayValue> {
        Signal { outer in
            var instant = scheduler.now
            var tries = 0
            let watched = Signal<PlayValue> { inner in
                if scheduler.now != instant { (instant, tries) = (scheduler.now, 0) }
                tries += 1
                guard tries <= retryLimit else {
                    outer.send(error: PlayFailure(retryRefusal))
                    return nil
                }
                return signal.subscribe { inner.send($0) }
            }
            return watched.retry().subscribe { outer.send($0) }
        }
    }
}
