import PhotoModel
import Reactive

/// One row of the results (RWTSearchResultsItemViewModel): the photo, its counts once fetched,
/// and whether the list shows it.
@MainActor
public final class PhotoItemViewModel: DeclaresOutputs {
    public let photo: Photo
    /// The row number in the results, from 1.
    public let row: Int
    public var title: String { photo.title }
    public var url: String { photo.url() }

    /// How long a row must stay visible before its metadata is fetched.
    public static let visibilityDelay: Duration = .seconds(1)

    // MARK: Inputs

    /// Call when the list shows (true) or hides (false) the row.
    public func setVisible(_ visible: Bool) {
        guard let record = visibilityRecord, record.last != visible else {
            mutableIsVisible.value = visible
            return
        }
        visibilityRecord?.last = visible
        // Recorded before it is set, and the cause while it is: what the change starts (a wait,
        // a hide that cancels one) is traced back to it.
        let number = record.log.record(
            Self.visibilityStream(row: row), .next("\(visible)"), subscription: record.subscription)
        Cause.running(event: number) { mutableIsVisible.value = visible }
    }

    // MARK: Outputs

    /// Emits whether the list shows the row: the current value, then every change.
    public let isVisible: Property<Bool>
    /// Emits the favorite count once fetched; nil until then.
    public let favorites: Property<Int?>
    /// Emits the comment count once fetched; nil until then.
    public let comments: Property<Int?>

    /// How this row turns visibility into a fetch (`inspect row N`).
    public private(set) var pipeline: MetadataPipeline = .fixed

    /// The name this row's streams carry in `trace` and `marbles`.
    public var streamName: String { Self.owner(row: row) }

    public var outputs: [ViewModelOutput] {
        [
            .constant("photo", .text(title)),
            // The counts are traced as the service calls that fetch them, which carry these names.
            .property("favorites", self.favorites, trace: .none, reads: { $0.map { .number($0) } ?? .none }),
            .property("comments", self.comments, trace: .none, reads: { $0.map { .number($0) } ?? .none }),
            .property(
                "isVisible", self.isVisible, trace: .named([Self.visibilityStream(row: row)]), reads: { .bool($0) },
                tracedAs: { [isVisible] in isVisible.changes.distinctUntilChanged().map { "\($0)" } }),
            .constant("pipeline", .phrase(pipeline.name)),
        ]
    }

    // MARK: State

    private let mutableIsVisible = MutableProperty(false)
    private let mutableFavorites = MutableProperty<Int?>(nil)
    private let mutableComments = MutableProperty<Int?>(nil)
    private let bag = CompositeDisposable()
    let service: any PhotoSearchService
    private let log: EventLog?
    /// Where the row records its shows and hides (only changes, as distinctUntilChanged would):
    /// the log, the subscription they belong to, and the value recorded last.
    private var visibilityRecord: (log: EventLog, subscription: Int, last: Bool?)?
    /// The number of the recorded isVisible subscription, while the row records it.
    var visibilitySubscription: Int? { visibilityRecord?.subscription }

    /// How a row records its shows and hides in the event log.
    enum VisibilityRecord {
        /// Its subscription too, when the row is made (a row on its own).
        case whole
        /// Not its subscription: the list that makes it when first needed recorded that already,
        /// as the subscription numbered so.
        case afterSubscription(Int)
        /// Nothing: made for a list already disposed, and disposed at once.
        case none
    }

    /// `pipeline` defaults to the instruments' setting (`set pipeline`), else `.fixed`.
    public convenience init(photo: Photo, row: Int, services: any ViewModelServices, pipeline: MetadataPipeline? = nil)
    {
        self.init(photo: photo, row: row, services: services, pipeline: pipeline, among: nil, recording: .whole)
    }

    /// A row counted among `group` (a list's rows), recording its visibility as `recording` says.
    init(
        photo: Photo, row: Int, services: any ViewModelServices, pipeline: MetadataPipeline?,
        among group: Instrumentation.RowGroup?, recording: VisibilityRecord
    ) {
        self.photo = photo
        self.row = row
        isVisible = Property(mutableIsVisible)
        favorites = Property(mutableFavorites)
        comments = Property(mutableComments)
        service = services.searchService
        let instrumentation = services.instrumentation
        let recorded: Bool
        if case .none = recording { recorded = false } else { recorded = true }
        log = recorded ? instrumentation?.eventLog : nil
        bag.add(instrumentation?.attach(self, among: group, tracing: false))
        // Recorded by `setVisible` before the pipeline hears it, so a trace shows each show and
        // hide before what it causes; one subscription for the row's whole life, so `marbles`
        // shows every show and hide, however often the pipeline subscribes.
        if let log {
            let name = Self.visibilityStream(row: row)
            let subscription: Int
            if case .afterSubscription(let number) = recording {
                subscription = number
            } else {
                subscription = log.record(name, .subscribed)
            }
            visibilityRecord = (log, subscription, nil)
            bag.add(
                ActionDisposable { [weak self] in
                    self?.visibilityRecord = nil
                    log.record(name, .disposed, subscription: subscription)
                })
        }
        self.pipeline = pipeline ?? instrumentation?.metadataPipeline ?? .fixed
        let fetch = metadataSignal(
            self.pipeline, scheduler: services.scheduler, instrumentation: recorded ? instrumentation : nil)
        bag.add(
            fetch.subscribeNext { [weak self] metadata in
                self?.mutableFavorites.value = metadata.favorites
                self?.mutableComments.value = metadata.comments
            })
    }

    /// Row N's isVisible, made once per row number: a list records it for every row it lists.
    static func visibilityStream(row: Int) -> StreamName {
        guard row >= 1 else { return StreamName(owner: owner(row: row), "isVisible") }
        while visibilityStreams.count < row {
            visibilityStreams.append(StreamName(owner: owner(row: visibilityStreams.count + 1), "isVisible"))
        }
        return visibilityStreams[row - 1]
    }

    private static var visibilityStreams: [StreamName] = []

    /// The owner of row `row`'s streams ("row 3").
    public static func owner(row: Int) -> String { "row \(row)" }

    /// True for a row's metadata stream: each of its values combines the latest of both calls.
    public static func isCombined(_ stream: StreamName) -> Bool {
        stream.name == "metadata" && stream.owner?.hasPrefix("row ") == true
    }

    /// Both counts from two service calls combined (flickrImageMetadata); cold: every
    /// subscription makes both calls again.
    public func fetchMetadata() -> Signal<PhotoMetadata> {
        let name = streamName
        return combineLatest(
            service.favorites(photoID: photo.id).traced(StreamName(owner: name, "favorites"), in: log),
            service.comments(photoID: photo.id).traced(StreamName(owner: name, "comments"), in: log)
        )
        .map { PhotoMetadata(favorites: $0, comments: $1) }
        .traced(StreamName(owner: name, "metadata"), in: log) { "\($0.favorites)/\($0.comments)" }
    }

    public func dispose() { bag.dispose() }
}
