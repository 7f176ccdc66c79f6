import PhotoModel
import Reactive

/// How a row turns visibility into a metadata fetch.
public enum MetadataPipeline: Equatable {
    /// As vmsh does it: every time the row becomes visible, wait 1 s, then fetch; hiding cancels both.
    case fixed
    /// As the tutorial wrote it: `[[visible delay:1] takeUntil:hidden]`, subscribed once, so the
    /// first hide ends the pipeline for good.
    case original
    /// The tutorial's first version: every show fetches at once, with no delay and no cancel,
    /// so scrolling past a row still costs its two calls (the "200 requests").
    case naive
    /// One a learner wrote (`pipeline mine = …`), built for each row from the row's inputs.
    case own(Own)

    /// The three vmsh has, as `set pipeline` offers them.
    public static var builtIn: [MetadataPipeline] { [.fixed, .original, .naive] }

    /// How `set pipeline` and the row's outputs name it.
    public var name: String {
        switch self {
        case .fixed: "fixed"
        case .original: "original"
        case .naive: "naive"
        case .own(let own): own.name
        }
    }

    /// The built-in pipeline called `name`, if any.
    public init?(builtIn name: String) {
        guard let pipeline = Self.builtIn.first(where: { $0.name == name }) else { return nil }
        self = pipeline
    }

    /// A pipeline of one's own: its name, how a row's pipeline is made from the row's inputs,
    /// and the lanes its steps trace (its own in the order written, then those of what it reads),
    /// which `marbles ROW` draws between the row's inputs and its calls.
    public struct Own: Equatable {
        public let name: String
        public let laneTitles: [String]
        public let make: @MainActor (RowInputs) -> Signal<PhotoMetadata>

        public init(
            name: String, laneTitles: [String] = [], make: @escaping @MainActor (RowInputs) -> Signal<PhotoMetadata>
        ) {
            self.name = name
            self.laneTitles = laneTitles
            self.make = make
        }

        /// One name is one pipeline: `set pipeline` replaces it whole.
        public static func == (lhs: Own, rhs: Own) -> Bool { lhs.name == rhs.name }
    }

    /// What a row offers a pipeline of one's own: its visibility, its hides, its service calls
    /// (each a call per subscription, errors swallowed as the tutorial does), where to trace.
    public struct RowInputs {
        /// The row's name as its lanes are named (`row 3`).
        public let owner: String
        /// Where it stands, then each change.
        public let isVisible: Signal<Bool>
        /// Each hide after subscribing (a `false`): the signal that says the row went out of view.
        public let hidden: Signal<Bool>
        public let favorites: Signal<Int>
        public let comments: Signal<Int>
        /// Both calls combined, as the tutorial combines them.
        public let metadata: Signal<PhotoMetadata>
        public let scheduler: any Scheduler
        /// The session's event log, for the steps' lanes (nil when the row is not recorded).
        public let log: EventLog?
        /// Counts a show's fetch the pipeline saved (its two calls), as `stats` reports them.
        public let savedFetch: () -> Void
    }
}
