/// One subscription of a named stream, as a marble diagram draws it: when it began and what it did.
public struct MarbleLane: Equatable, Sendable {
    /// The stream's name without the diagram's prefix (`isVisible`, `delay(1s)`); a second
    /// subscription alive at the same time is `metadata#2`.
    public var name: String
    /// When it was subscribed; nil when the recording does not reach back that far.
    public var subscribed: Duration?
    /// Its events in order; at most one terminal event, always last.
    public var events: [MarbleEvent]
    /// The number of the command whose work subscribed it (its run); nil when not recorded.
    public var run: Int?
    /// The named scheduler that delivered its events (deliverOn main: "main"); nil when none did.
    public var scheduler: String?

    public init(name: String, subscribed: Duration?, events: [MarbleEvent], run: Int? = nil, scheduler: String? = nil) {
        self.name = name
        self.subscribed = subscribed
        self.events = events
        self.run = run
        self.scheduler = scheduler
    }

    /// When the lane begins: its subscription, else its first event.
    public var start: Duration? { subscribed ?? events.first?.time }

    /// Its terminal event (`|`, `#` or `!`), if it ended.
    public var end: MarbleEvent? { events.last.flatMap { $0.kind.isTerminal ? $0 : nil } }

    /// The distinct values it emitted, in order of first emission.
    public var values: [String] {
        var seen: [String] = []
        for case .value(let value) in events.map(\.kind) where !seen.contains(value) { seen.append(value) }
        return seen
    }
}
