import PhotoModel
import Reactive

/// How a row turns visibility into a metadata fetch.
public enum MetadataPipeline: String, Sendable, CaseIterable {
    /// As vmsh does it: every time the row becomes visible, wait 1 s, then fetch; hiding cancels both.
    case fixed
    /// As the tutorial wrote it: `[[visible delay:1] takeUntil:hidden]`, subscribed once, so the
    /// first hide ends the pipeline for good.
    case original
}

/// One row of the results (RWTSearchResultsItemViewModel): the photo, its counts once fetched,
/// and whether the list shows it.
@MainActor
public final class PhotoItemViewModel {
    public let photo: Photo
    /// The row number in the results, from 1.
    public let row: Int
    public var title: String { photo.title }
    public var url: String { photo.url() }
    /// Emits the favorite count once fetched; nil until then.
    public let favorites = Property<Int?>(nil)
    /// Emits the comment count once fetched; nil until then.
    public let comments = Property<Int?>(nil)
    /// Call (set) when the list shows or hides the row.
    public let isVisible = Property(false)

    /// How long a row must stay visible before its metadata is fetched.
    public static let visibilityDelay: Duration = .seconds(1)

    private let bag = CompositeDisposable()
    private let service: any PhotoSearchService
    private let log: EventLog?

    /// `pipeline` defaults to the instruments' setting (`set pipeline`), else `.fixed`.
    public init(photo: Photo, row: Int, services: any ViewModelServices, pipeline: MetadataPipeline? = nil) {
        self.photo = photo
        self.row = row
        service = services.searchService
        let instrumentation = services.instrumentation
        log = instrumentation?.eventLog
        instrumentation?.track(self)
        let fetch = metadataSignal(
            pipeline: pipeline ?? instrumentation?.metadataPipeline ?? .fixed,
            scheduler: services.scheduler, instrumentation: instrumentation)
        // One observation for the row's whole life, so `marbles` shows every show and hide,
        // however often the pipeline subscribes.
        if let log {
            let changes = isVisible.changes.distinctUntilChanged().traced("\(streamName) · isVisible", in: log)
            bag.add(changes.subscribe { _ in })
        }
        bag.add(fetch.subscribeNext { [weak self] metadata in
            self?.favorites.value = metadata.favorites
            self?.comments.value = metadata.comments
        })
    }

    /// The name this row's streams carry in `trace` and `marbles`.
    public var streamName: String { "row \(row)" }

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

    /// The metadata pipeline: visibility in, `PhotoMetadata` out (once). Errors are
    /// swallowed on purpose (the tutorial's design: counts are nice to have).
    private func metadataSignal(
        pipeline: MetadataPipeline, scheduler: any Scheduler, instrumentation: Instrumentation?
    ) -> Signal<PhotoMetadata> {
        let name = streamName
        let fetch = fetchMetadata().catch { _ in .empty }
        // Once the counts are in, showing the row again fetches nothing more.
        let visible = isVisible.signal.distinctUntilChanged()
            .filter { [weak self] _ in self?.favorites.value == nil }
        let delayName = "\(name) · delay(1s)"
        switch pipeline {
        case .fixed:
            // Switch-to-latest: hiding replaces the wait-then-fetch with nothing, cancelling it.
            let log = self.log
            return visible
                .flatMapLatest { isVisible in
                    guard isVisible else { return .empty }
                    return Signal<Void>.timer(after: Self.visibilityDelay, on: scheduler)
                        .traced(delayName, in: log) { "fired" }
                        .on(disposed: { instrumentation?.savedFetch() })
                        .then(fetch)
                }
        case .original:
            // [[visible delay:1] takeUntil:hidden], subscribed once: after the first hide it is over.
            let changes = visible.skip(1)
            let shown = changes.filter { $0 }
            let hidden = changes.filter { !$0 }
            return shown.delay(Self.visibilityDelay, on: scheduler)
                .traced(delayName, in: log)
                .take(until: hidden)
                .traced("\(name) · takeUntil(hidden)", in: log)
                .flatMapLatest { _ in fetch }
        }
    }

    public func dispose() { bag.dispose() }
}
