import Reactive

/// What `leaks` and `graph` need that a log's events cannot keep: the subscriptions not ended
/// yet, across all of a session's logs (also those whose start a full log has dropped), and the
/// hot sources each subscription joined (`joined(to:in:)`). It reads the logs as they record.
@MainActor
public final class SubscriptionBook {
    /// The `subscribed` event of each subscription not ended yet, by its number.
    private var open: [Int: TraceEvent] = [:]
    /// The hot sources each subscription reads without having subscribed them, by the readers'
    /// numbers, in the order joined.
    public private(set) var joins: [Int: [Int]] = [:]
    /// The readers in `joins` whose end was seen: forgotten once there are many joins (an ended
    /// one is still drawn until then). A reader's end may come in another log than its join.
    private var endedReaders: [Int] = []
    /// How many readers `joins` may hold before the ended ones go; it doubles past the live ones,
    /// so forgetting costs little per join however many stay.
    private var forgetAt: Int
    private let reading = CompositeDisposable()

    public init(forgetJoinsAt count: Int = 10_000) { forgetAt = count }

    /// Reads the events and joins `log` records from now on.
    public func read(_ log: EventLog) {
        reading.add(log.live.subscribeNext { [weak self] event in self?.note(event) })
        reading.add(log.joins.subscribeNext { [weak self] join in self?.note(join) })
    }

    /// The subscriptions not ended yet, oldest first, as their `subscribed` events.
    public var liveSubscriptions: [TraceEvent] { open.values.sorted { $0.number < $1.number } }

    private func note(_ event: TraceEvent) {
        if event.kind == .subscribed {
            open[event.number] = event
        } else if event.isEnd, let subscription = event.subscription {
            open[subscription] = nil
            if joins[subscription] != nil { endedReaders.append(subscription) }
        }
    }

    private func note(_ join: EventLog.Join) {
        if joins[join.reader] == nil, joins.count >= forgetAt {
            for reader in endedReaders { joins[reader] = nil }
            endedReaders = []
            forgetAt = max(forgetAt, 2 * joins.count)
        }
        joins[join.reader, default: []].append(join.source)
    }
}
