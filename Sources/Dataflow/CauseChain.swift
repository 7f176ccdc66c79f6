import Reactive

/// Where an event came from (`why`): the event, the event that caused it, that one's cause…
/// back to the command whose work it was.
public struct CauseChain: Sendable {
    /// How the chain ends.
    public enum End: Equatable, Sendable {
        /// At the command that began it, or at the session's start (nil) when it began before
        /// the first command.
        case command(Int?)
        /// At a cause that has left the log (it keeps only the newest events).
        case leftTheLog
        /// At the most hops walked: the causes go on.
        case hopLimit
    }

    /// The event asked about first, then each cause in turn.
    public let hops: [TraceEvent]
    public let end: End

    /// The command the chain began with; nil when it began before the first command, or when
    /// the chain stops short of it.
    public var command: Int? {
        if case .command(let number) = end { number } else { nil }
    }

    /// The chain from the event numbered `number`, found with `lookup`; at most `limit` hops.
    public init(from number: Int, lookup: (Int) -> TraceEvent?, limit: Int = 500) {
        var hops: [TraceEvent] = []
        var next: Int? = number
        var end: End?
        while let current = next {
            guard hops.count < limit else {
                end = .hopLimit
                break
            }
            guard let event = lookup(current) else {
                end = .leftTheLog
                break
            }
            hops.append(event)
            next = event.cause.event
        }
        self.hops = hops
        self.end = end ?? .command(hops.last?.cause.command)
    }
}
