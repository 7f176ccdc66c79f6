import Reactive

/// The playground's live subscriptions, counted at every signal it builds (each operator's
/// output, each source, each inner signal), so a definition that fans out (a merge of itself,
/// a subject flattened into itself) fails with one line instead of growing without bound.
@MainActor
final class SubscriptionBudget {
    let limit: Int
    private(set) var live = 0

    init(limit: Int) { self.limit = limit }

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
