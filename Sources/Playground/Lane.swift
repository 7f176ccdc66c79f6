import Reactive

/// One subscription made with `subscribe`: its own lane in `trace` and `marbles`
/// (`PlayLaneSource.subscriberStream(label:)`), its events counted so it stores a bounded number.
@MainActor
final class Lane {
    /// The most events one lane stores; at that many it is disposed.
    static let eventLimit = 1000

    let label: String
    let source: String
    private(set) var events = 0
    private(set) var isLive = true
    /// How many of its first values came from a replay when it subscribed.
    var replayed = 0
    private var subscription: (any Disposable)?

    var streamName: StreamName { PlayLaneSource.subscriberStream(label: label) }

    init(label: String, source: String) {
        self.label = label
        self.source = source
    }

    /// Subscribes, printing each event through `say`; `ended` is told when the lane stops.
    func start(_ signal: Signal<PlayValue>, log: EventLog, say: @escaping (String) -> Void) {
        let label = label
        // Counted as they are recorded: the subscription is one stored event.
        events = 1
        let subscription = signal.traced(streamName, in: log).subscribe { [weak self] event in
            guard let self, self.isLive else { return }
            self.events += 1
            switch event {
            case .next(let value): say("\(label): \(value)")
            case .failed(let error): say("\(label): error \(error)")
            case .completed: say("\(label): completed")
            }
            if event.isTerminating {
                self.isLive = false
            } else if self.events >= Self.eventLimit {
                say("\(label): disposed after \(Self.eventLimit) events (the most a lane keeps)")
                self.dispose()
            }
        }
        // It may have ended while subscribing (a sequence pushes everything at once).
        if isLive { self.subscription = subscription } else { subscription.dispose() }
    }

    /// Cancels the subscription; true when it was live.
    @discardableResult
    func dispose() -> Bool {
        guard isLive else { return false }
        isLive = false
        subscription?.dispose()
        subscription = nil
        return true
    }
}
