/// One recorded event of a named stream: what `trace` prints and `marbles` draws.
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
    public let stream: String
    public let kind: Kind

    public init(time: Duration, stream: String, kind: Kind) {
        self.time = time
        self.stream = stream
        self.kind = kind
    }
}
