/// One recorded event of a named stream: what `trace` prints, `marbles` draws and `why` walks.
public struct TraceEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case subscribed
        case next(String)
        case failed(String)
        case completed
        /// Disposed before it terminated: the work was cancelled.
        case disposed
    }

    public let time: Duration
    /// Its `StreamName`'s text: kept as text, so recording an event copies one string.
    public let stream: String
    public let kind: Kind
    /// Its place in the session's one sequence of recorded events, from 1 (0: not numbered).
    public let number: Int
    /// What made it happen.
    public let cause: Cause
    /// The number of the `subscribed` event of the subscription it belongs to (its own, for a
    /// `subscribed`); nil when the recorder did not say.
    public let subscription: Int?
    /// The named scheduler whose action delivered it (deliverOn main: "main"); nil when it came
    /// synchronously from whatever sent it.
    public let scheduler: String?

    public init(
        time: Duration, stream: String, kind: Kind, number: Int = 0, cause: Cause = Cause(), subscription: Int? = nil,
        scheduler: String? = nil
    ) {
        self.time = time
        self.stream = stream
        self.kind = kind
        self.number = number
        self.cause = cause
        self.subscription = subscription
        self.scheduler = scheduler
    }

    /// The stream's name, read back from its text.
    public var streamName: StreamName { StreamName(parsing: stream) }

    /// True for a completion, a failure or a cancellation: the subscription is over.
    public var isEnd: Bool {
        switch kind {
        case .subscribed, .next: false
        case .failed, .completed, .disposed: true
        }
    }
}
