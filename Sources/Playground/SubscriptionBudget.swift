import Reactive

/// The playground's live subscriptions, counted at every signal it builds (each operator's
/// output, each source, each inner signal), so a definition that fans out (a merge of itself,
/// a subject flattened into itself) fails with one line instead of growing without bound.
@MainActor
final class SubscriptionBudget {
    let limit: Int
    private(set) var live = 0

    /// The subscriptions `retry` made again after a failure, all told: retries nested in
    /// retries multiply (`retry 1000 | retry 1000`), so they share one bound a session.
    private(set) var retries = 0
    static let retryLimit = 100_000

    init(limit: Int) { self.limit = limit }

    var retryRefusal: String {
        "retries subscribed again \(Self.retryLimit) times: the most a session makes"
    }

    /// Counts one subscription again after a failure; false past the limit.
    func retried() -> Bool {
        retries += 1
        return retries <= Self.retryLimit
    }

    var refusal: PlayFailure {
        PlayFailure("\(limit) subscriptions are live, the most the playground keeps; dispose some first")
    }

    /// `signal`, counted while it is subscribed; past the limit a subscription fails at once
    /// instead, and the operators that combine signals then subscribe nothing more.
    func counted(_ signal: Signal<PlayValue>) -> Signal<PlayValue> {
        Signal { [self] observer in
            guard live < limit else {
                observer.send(error: refusal)
                return nil
            }
            live += 1
            let subscription = signal.subscribe { observer.send($0) }
            return ActionDisposable { [self] in
                subscription.dispose()
                live -= 1
            }
        }
    }
}
