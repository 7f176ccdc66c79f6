import PhotoModel
import Reactive

/// One row of the results (RWTSearchResultsItemViewModel): the photo, its counts once fetched,
/// and whether the list shows it.
@MainActor
public final class PhotoItemViewModel {
    public let photo: Photo
    /// The row number in the results, from 1.
    public let row: Int
    public var title: String { photo.title }
    public var url: String { photo.url() }

    /// How long a row must stay visible before its metadata is fetched.
    public static let visibilityDelay: Duration = .seconds(1)

    // MARK: Inputs

    /// Call when the list shows (true) or hides (false) the row.
    public func setVisible(_ visible: Bool) { mutableIsVisible.value = visible }

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
    public var streamName: String { "row \(row)" }

    // MARK: State

    private let mutableIsVisible = MutableProperty(false)
    private let mutableFavorites = MutableProperty<Int?>(nil)
    private let mutableComments = MutableProperty<Int?>(nil)
    private let bag = CompositeDisposable()
    private let service: any PhotoSearchService
    private let log: EventLog?

    /// `pipeline` defaults to the instruments' setting (`set pipeline`), else `.fixed`.
    public init(photo: Photo, row: Int, services: any ViewModelServices, pipeline: MetadataPipeline? = nil) {
        self.photo = photo
        self.row = row
        isVisible = Property(mutableIsVisible)
        favorites = Property(mutableFavorites)
        comments = Property(mutableComments)
        service = services.searchService
        let instrumentation = services.instrumentation
        log = instrumentation?.eventLog
        // Attached before the pipeline subscribes, so a trace shows each show and hide before
        // what it causes; one observation for the row's whole life, so `marbles` shows every
        // show and hide, however often the pipeline subscribes.
        bag.add(
            instrumentation?.attach(
                self,
                tracing: [
                    .init("\(streamName) · isVisible", isVisible.changes.distinctUntilChanged())
                ]))
        self.pipeline = pipeline ?? instrumentation?.metadataPipeline ?? .fixed
        let fetch = metadataSignal(
            self.pipeline,
            scheduler: services.scheduler, instrumentation: instrumentation)
        bag.add(
            fetch.subscribeNext { [weak self] metadata in
                self?.mutableFavorites.value = metadata.favorites
                self?.mutableComments.value = metadata.comments
            })
    }

    /// Both counts from two service calls combined (flickrImageMetadata); cold: every
    /// subscription makes both calls again.
    public func fetchMetadata() -> Signal<PhotoMetadata> {
        let name = streamName
        return combineLatest(
            service.favorites(photoID: photo.id).traced("\(name) · favorites", in: log),
            service.comments(photoID: photo.id).traced("\(name) · comments", in: log)
        )
        .map { PhotoMetadata(favorites: $0, comments: $1) }
        .traced("\(name) · metadata", in: log) { "\($0.favorites)/\($0.comments)" }
    }

    public func dispose() { bag.dispose() }
}
