import Reactive

/// The running dataflow of one owner as a graph: a node per subscription (a cold signal has one
/// per subscriber; a hot one, read by several, is one node with several readers), an edge from
/// each node to what reads it. Every edge comes from the recording: a subscription that
/// subscribed another, an event that started a subscription or became another's event, and a
/// hot source joined (`EventLog.joins`).
public struct DataflowGraph: Sendable {
    public struct Node: Sendable {
        public let subscription: RecordedSubscription
        /// The observers the source counts itself (a property's), when it can say.
        public let listeners: Int?
        /// The nodes it reads, in the order they began.
        public fileprivate(set) var sources: [Int] = []
        /// The nodes that read it, in the order they began.
        public fileprivate(set) var readers: [Int] = []

        public var name: String { subscription.lane }
    }

    public let nodes: [Node]

    /// The graph of `recording`; `listeners` counts the observers of a stream that can say
    /// (a property's), by stream name; `derived` adds the edges a ViewModel declares (a source
    /// stream, the stream worked out from it), between their latest subscriptions.
    public init(
        _ recording: DataflowRecording, listeners: [String: Int] = [:], derived: [(from: String, to: String)] = []
    ) {
        var nodes = recording.subscriptions.map { Node(subscription: $0, listeners: listeners[$0.stream]) }
        var index: [Int: Int] = [:]
        for (position, node) in nodes.enumerated() { index[node.subscription.number] = position }
        func connect(_ source: Int?, to reader: Int) {
            // One edge each way at most, and never both ways: the first found decides.
            guard let source, source != reader, !nodes[reader].sources.contains(source),
                !nodes[source].sources.contains(reader)
            else { return }
            nodes[reader].sources.append(source)
            nodes[source].readers.append(reader)
        }
        for (position, node) in nodes.enumerated() {
            let subscription = node.subscription
            // Subscribed by another's subscription: a source of it. Started by another's event
            // (a value, a completion): read after it.
            if let cause = subscription.subscribed.cause.event, let other = recording.subscription(holding: cause),
                let at = index[other.number]
            {
                if other.number == cause { connect(position, to: at) } else { connect(at, to: position) }
            }
            for source in recording.joins[subscription.number] ?? [] { connect(index[source], to: position) }
            // A value or an end another delivered (a hot source's, seen once it sent).
            for event in subscription.drawn where event.kind != .disposed {
                guard let cause = event.cause.event, let from = recording.subscription(holding: cause),
                    from.number != cause
                else { continue }
                connect(index[from.number], to: position)
            }
        }
        for (from, to) in derived {
            let latest = { (stream: String) in nodes.lastIndex { $0.subscription.stream == stream } }
            if let reader = latest(to) { connect(latest(from), to: reader) }
        }
        for position in nodes.indices {
            nodes[position].sources.sort()
            nodes[position].readers.sort()
        }
        self.nodes = nodes
    }

    /// The nodes nothing in the graph reads: where its values end up.
    public var sinks: [Int] { nodes.indices.filter { nodes[$0].readers.isEmpty } }

    /// How many subscriptions are live.
    public var liveCount: Int { nodes.count { $0.subscription.isLive } }

    /// How many live nodes read node `index`; for a source that counts its observers, its count.
    public func subscriberCount(_ index: Int) -> Int {
        nodes[index].listeners ?? nodes[index].readers.count { nodes[$0].subscription.isLive }
    }
}
