import Reactive

/// What the teaching instruments read from the ViewModel layer: the event log behind `trace`
/// and `marbles`, the pipeline setting, the calls the visibility delay saved, and which
/// ViewModels are alive. ViewModels write to it; they never print.
@MainActor
public final class Instrumentation {
    public let eventLog: EventLog
    /// What only `marbles ROW --inputs` draws (the hides that end or cancel a row's wait), apart
    /// from `eventLog` so `trace` prints what it did before; nil records none.
    public let inputLog: EventLog?
    /// How new result rows turn visibility into fetches (`set pipeline`).
    public var metadataPipeline: MetadataPipeline = .fixed
    /// Service calls not made because a row was hidden before its 1 s wait ended (2 per row).
    public private(set) var savedMetadataCalls = 0
    /// The ViewModels counted, oldest first: each a ViewModel, or a list's rows (`RowGroup`).
    private var live: [Entry] = []
    /// The ViewModels whose outputs `attach` records, by identity: each traced output has a
    /// recorder among its observers, which is vmsh's, not the app's.
    var recorded: [ObjectIdentifier: Weak] = [:]
    /// `live`'s length after it was last swept: sweeping again only once it has doubled keeps a
    /// ViewModel's `track` constant on average however many are alive.
    private var sweptCount = 0

    @MainActor
    private enum Entry {
        case viewModel(type: String, Weak)
        case rows(RowGroup)

        var isGone: Bool {
            switch self {
            case .viewModel(_, let weak): weak.object == nil
            case .rows(let group): group.owner == nil && group.alive == 0
            }
        }
    }

    final class Weak {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    /// The rows of one list, which it makes when they are first needed: they are counted where
    /// the list's rows were when it made them all at once (before the list), and counting
    /// makes the rest (`makeAll`), so `stats` counts ViewModels that exist.
    @MainActor
    final class RowGroup {
        let type: String
        fileprivate weak var owner: AnyObject?
        fileprivate var members: [Weak] = []
        private let makeAll: () -> Void

        /// `makeAll` makes every row of `owner` not made yet; it must not keep `owner` alive.
        init(type: String, owner: AnyObject, makeAll: @escaping () -> Void) {
            self.type = type
            self.owner = owner
            self.makeAll = makeAll
        }

        /// Call from a row's init: it is counted while it is alive.
        func track(_ row: AnyObject) { members.append(Weak(row)) }

        fileprivate var alive: Int { members.count { $0.object != nil } }

        fileprivate func makeRemaining() { if owner != nil { makeAll() } }
    }

    public init(eventLog: EventLog, inputLog: EventLog? = nil) {
        self.eventLog = eventLog
        self.inputLog = inputLog
    }

    /// Call when a row's wait is cancelled before its metadata calls were made.
    func savedFetch() { savedMetadataCalls += 2 }

    /// Starts the count of saved calls again from zero (`stats reset`).
    public func resetSavedCalls() { savedMetadataCalls = 0 }

    /// Call (through `attach`) from a ViewModel's init: it is counted while it is alive.
    /// (The name as `String(describing:)` spells it, without its run-time conformance search.)
    func track(_ object: AnyObject) {
        add(.viewModel(type: _typeName(type(of: object), qualified: false), Weak(object)))
    }

    /// Call from a list's init, before `attach`: the rows `group` tracks are counted here.
    func track(rows group: RowGroup) { add(.rows(group)) }

    private func add(_ entry: Entry) {
        if live.count >= 2 * max(sweptCount, 16) { sweep() }
        live.append(entry)
    }

    private func sweep() {
        live.removeAll(where: \.isGone)
        sweptCount = live.count
    }

    /// Live ViewModels per type name, in the order the types first appeared. Counting makes
    /// the rows that lists have not made yet, so the counts are of ViewModels that exist.
    public var liveCounts: [(type: String, count: Int)] {
        sweep()
        for case .rows(let group) in live { group.makeRemaining() }
        var counts: [(type: String, count: Int)] = []
        func count(_ type: String, _ number: Int) {
            guard number > 0 else { return }
            if let index = counts.firstIndex(where: { $0.type == type }) {
                counts[index].count += number
            } else {
                counts.append((type, number))
            }
        }
        for entry in live {
            switch entry {
            case .viewModel(let type, let weak): if weak.object != nil { count(type, 1) }
            case .rows(let group): count(group.type, group.alive)
            }
        }
        return counts
    }
}
