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

    public init(photo: Photo, row: Int, services: any ViewModelServices, pipeline: MetadataPipeline = .fixed) {
        self.photo = photo
        self.row = row
        let fetch = Self.metadataSignal(
            visible: isVisible.signal, pipeline: pipeline,
            service: services.searchService, scheduler: services.scheduler, photoID: photo.id)
        bag.add(fetch.subscribeNext { [weak self] metadata in
            self?.favorites.value = metadata.favorites
            self?.comments.value = metadata.comments
        })
    }

    /// The metadata pipeline: visibility in, at most one `PhotoMetadata` out. Errors are
    /// swallowed on purpose (the tutorial's design: counts are nice to have).
    static func metadataSignal(
        visible: Signal<Bool>, pipeline: MetadataPipeline,
        service: any PhotoSearchService, scheduler: any Scheduler, photoID: String
    ) -> Signal<PhotoMetadata> {
        let fetch = service.metadata(photoID: photoID).catch { _ in .empty }
        switch pipeline {
        case .fixed:
            // Switch-to-latest: hiding replaces the wait-then-fetch with nothing, cancelling it.
            return visible.distinctUntilChanged()
                .flatMapLatest { isVisible in
                    isVisible ? Signal<Void>.timer(after: visibilityDelay, on: scheduler).then(fetch) : .empty
                }
                .take(1)
        case .original:
            let changes = visible.skip(1)
            let shown = changes.filter { $0 }
            let hidden = changes.filter { !$0 }
            return shown.delay(visibilityDelay, on: scheduler)
                .take(until: hidden)
                .flatMapLatest { _ in fetch }
                .take(1)
        }
    }

    public func dispose() { bag.dispose() }
}
