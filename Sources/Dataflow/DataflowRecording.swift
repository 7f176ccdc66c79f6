import Reactive

/// The subscriptions of one owner's streams (a row's, the search's, a playground signal's),
/// from its recorded events: the one model `why`, `graph` and the breakpoints read, named as
/// `marbles` names its lanes.
public struct DataflowRecording: Sendable {
    /// Every subscription, in the order they began.
    public let subscriptions: [RecordedSubscription]
    /// The subscriptions that read a hot source they did not subscribe to themselves: a
    /// reader's number, then the numbers of the sources it joined (`EventLog.joins`).
    public let joins: [Int: [Int]]
    private let byNumber: [Int: Int]
    private let byEvent: [Int: Int]

    /// `events` in the order recorded; `lane` gives a stream's lane name, nil for a stream not
    /// the owner's. An event whose recorder named no subscription joins the latest open one of
    /// its stream.
    public init(_ events: [TraceEvent], joins: [Int: [Int]] = [:], lane: (String) -> String?) {
        var subscriptions: [RecordedSubscription] = []
        var byNumber: [Int: Int] = [:]
        var byEvent: [Int: Int] = [:]
        var lanes: [String: String] = [:]
        var counts: [String: Int] = [:]
        for event in events {
            if case .subscribed = event.kind {
                guard let name = lanes[event.stream] ?? lane(event.stream) else { continue }
                lanes[event.stream] = name
                counts[event.stream, default: 0] += 1
                let count = counts[event.stream, default: 1]
                byNumber[event.number] = subscriptions.count
                byEvent[event.number] = subscriptions.count
                subscriptions.append(
                    RecordedSubscription(
                        number: event.number, stream: event.stream,
                        lane: StreamName(name, subscription: count).text,
                        events: [event]))
                continue
            }
            // One whose start is not here (dropped from a full log) belongs to no lane drawn here.
            let owner =
                event.subscription.map { byNumber[$0] }
                ?? subscriptions.lastIndex { $0.stream == event.stream && $0.isLive }
            guard let owner, subscriptions[owner].isLive else { continue }
            subscriptions[owner].events.append(event)
            byEvent[event.number] = owner
        }
        self.subscriptions = subscriptions
        self.joins = joins.filter { byNumber[$0.key] != nil }
        self.byNumber = byNumber
        self.byEvent = byEvent
    }

    /// The subscription the event numbered `number` belongs to.
    public func subscription(holding number: Int) -> RecordedSubscription? {
        byEvent[number].map { subscriptions[$0] }
    }

    /// The subscription whose lane is called `lane` ("delay(1s)#2").
    public func lane(_ lane: String) -> RecordedSubscription? { subscriptions.first { $0.lane == lane } }

    /// The lane names, in the order their subscriptions began (for Tab and error messages).
    public var laneNames: [String] { subscriptions.map(\.lane) }
}
