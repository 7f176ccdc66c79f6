import Reactive

/// What `leaks` and `graph` need that a log's events cannot keep: the subscriptions not ended
/// yet, across all of a session's logs (also those whose start a full log has dropped), and the
/// hot sources each subscription joined (`joined(to:in:)`). Recording an event costs it nothing:
/// it reads the logs when asked, and only their joins and the events they drop as they go.
@MainActor
public final class SubscriptionBook {
    private var logs: [EventLog] = []
    /// The `subscribed` events a log dropped while their subscriptions were still open, by number.
    private var openBeforeTheLogs: [Int: TraceEvent] = [:]
    /// The hot sources each subscription reads without having subscribed them, by the readers'
    /// numbers, in the order joined.
    public private(set) var joins: [Int: [Int]] = [:]
    /// How many readers `joins` may hold before the ended ones go (an ended one is still drawn
    /// until then); it doubles past the live ones, so forgetting costs little per join.
    private var forgetAt: Int
    private let reading = CompositeDisposable()

    public init(forgetJoinsAt count: Int = 10_000) { forgetAt = count }

    /// Reads `log` from now on: its events when asked, its joins and drops as they come.
    public func read(_ log: EventLog) {
        logs.append(log)
        reading.add(log.joins.subscribeNext { [weak self] join in self?.note(join) })
        reading.add(log.dropping.subscribeNext { [weak self, unowned log] gone in self?.keepOpen(of: gone, in: log) })
    }

    /// The subscriptions not ended yet, oldest first, as their `subscribed` events.
    public var liveSubscriptions: [TraceEvent] {
        let ended = endedSubscriptions()
        var live = openBeforeTheLogs.values.filter { !ended.contains($0.number) }
        for log in logs {
            live += log.events.filter { $0.kind == .subscribed && !ended.contains($0.number) }
        }
        return live.sorted { $0.number < $1.number }
    }

    /// The subscriptions whose end the logs hold now.
    private func endedSubscriptions() -> Set<Int> {
        var ended = Set<Int>()
        for log in logs {
            for event in log.events where event.isEnd {
                if let subscription = event.subscription { ended.insert(subscription) }
            }
        }
        return ended
    }

    /// `log` is about to drop `gone`: the starts in it of subscriptions not ended in that log
    /// (where each subscription's end is recorded too) are kept, and those kept before whose end
    /// goes now are forgotten with it.
    private func keepOpen(of gone: ArraySlice<TraceEvent>, in log: EventLog) {
        var starts = Set(gone.lazy.filter { $0.kind == .subscribed }.map(\.number))
        for event in log.events where event.isEnd {
            if let subscription = event.subscription { starts.remove(subscription) }
        }
        for event in gone {
            if event.kind == .subscribed, starts.contains(event.number) {
                openBeforeTheLogs[event.number] = event
            } else if event.isEnd, let subscription = event.subscription {
                openBeforeTheLogs[subscription] = nil
            }
        }
    }

    private func note(_ join: EventLog.Join) {
        if joins[join.reader] == nil, joins.count >= forgetAt {
            // Forget the readers seen to end, in whichever log.
            let live = Set(liveSubscriptions.map(\.number))
            joins = joins.filter { live.contains($0.key) }
            forgetAt = max(forgetAt, 2 * joins.count)
        }
        joins[join.reader, default: []].append(join.source)
    }
}
