import Reactive

/// What the teaching instruments read from the ViewModel layer: the event log behind `trace`
/// and `marbles`, the pipeline setting, the calls the visibility delay saved, and which
/// ViewModels are alive. ViewModels write to it; they never print.
@MainActor
public final class Instrumentation {
    public let eventLog: EventLog
    /// How new result rows turn visibility into fetches (`set pipeline`).
    public var metadataPipeline: MetadataPipeline = .fixed
    /// Service calls not made because a row was hidden before its 1 s wait ended (2 per row).
    public private(set) var savedMetadataCalls = 0
    private var live: [(type: String, object: Weak)] = []

    private final class Weak {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    public init(eventLog: EventLog) { self.eventLog = eventLog }

    /// Call when a row's wait is cancelled before its metadata calls were made.
    func savedFetch() { savedMetadataCalls += 2 }

    /// Starts the count of saved calls again from zero (`stats reset`).
    public func resetSavedCalls() { savedMetadataCalls = 0 }

    /// Call (through `attach`) from a ViewModel's init: it is counted while it is alive.
    func track(_ object: AnyObject) {
        live.removeAll { $0.object.object == nil }
        live.append((String(describing: type(of: object)), Weak(object)))
    }

    /// Live ViewModels per type name, in the order the types first appeared.
    public var liveCounts: [(type: String, count: Int)] {
        live.removeAll { $0.object.object == nil }
        var counts: [(type: String, count: Int)] = []
        for entry in live {
            if let index = counts.firstIndex(where: { $0.type == entry.type }) {
                counts[index].count += 1
            } else {
                counts.append((entry.type, 1))
            }
        }
        return counts
    }
}
