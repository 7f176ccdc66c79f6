import Reactive

/// Where an event came from (`why`): the event, the event that caused it, that one's cause…
/// back to the command whose work it was.
public struct CauseChain: Sendable {
    /// The event asked about first, then each cause in turn.
    public let hops: [TraceEvent]
    /// The command the chain began with; nil when it began before the first command.
    public let command: Int?
    /// True when a cause has left the log (it keeps only the newest events): the chain stops
    /// short of its command.
    public let isCut: Bool

    /// The chain from the event numbered `number`, found with `lookup`; at most `limit` hops.
    public init(from number: Int, lookup: (Int) -> TraceEvent?, limit: Int = 500) {
        var hops: [TraceEvent] = []
        var next: Int? = number
        var cut = false
        while let current = next, hops.count < limit {
            guard let event = lookup(current) else {
                cut = true
                break
            }
            hops.append(event)
            next = event.cause.event
        }
        self.hops = hops
        command = hops.last?.cause.command
        isCut = cut || next != nil
    }
}
