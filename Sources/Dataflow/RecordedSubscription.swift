import Reactive

/// One recorded subscription of a named stream: a lane of `marbles`, a node of `graph`.
public struct RecordedSubscription: Sendable {
    /// The number of its `subscribed` event.
    public let number: Int
    public let stream: String
    /// Its name as a lane of its owner's diagram ("delay(1s)"), with "#2", "#3"… for a later
    /// subscription of the same stream, as `marbles` names them.
    public let lane: String
    /// Its events in order, its `subscribed` first.
    public internal(set) var events: [TraceEvent]

    public var subscribed: TraceEvent { events[0] }

    /// Its completion, failure or cancellation, once it came.
    public var end: TraceEvent? { events.last.flatMap { $0.isEnd ? $0 : nil } }

    public var isLive: Bool { end == nil }

    /// What its lane draws: the values and the end, without the subscription.
    public var drawn: ArraySlice<TraceEvent> { events.dropFirst() }
}
