import PhotoModel
import Reactive

/// The gallery of the most interesting photos (FRPGalleryViewModel). It loads when it first
/// becomes active, not in `init` (the book's lesson on testable ViewModels); an error leaves
/// it empty with the reason in `loadError` (the book's `catchTo:[RACSignal empty]`, but said).
@MainActor
public final class GalleryViewModel: ViewModel {
    public let title = "Popular photos"
    /// The photos, most interesting first; empty until loaded, and after a failure.
    public let photos = Property<[Photo]>([])
    /// True from the start of a load until it succeeds, fails or is cancelled.
    public let isLoading = Property(false)
    /// Why the last load failed, in one line; nil while none has.
    public let loadError = Property<String?>(nil)
    /// True while the gallery is the top of the stack.
    public let isActive = Property(false)

    private let service: any PhotoSearchService
    private let log: EventLog?
    private var hasLoaded = false
    private let bag = CompositeDisposable()

    public init(services: any ViewModelServices) {
        service = services.searchService
        log = services.instrumentation?.eventLog
        services.instrumentation?.track(self)
        // Becoming inactive cancels a load in flight; becoming active again retries until one succeeds.
        bag.add(
            isActive.changes.distinctUntilChanged()
                .flatMapLatest { [weak self] active -> Signal<[Photo]> in
                    guard active, let self, !self.hasLoaded else { return .empty }
                    return self.importPhotosSignal()
                }
                .subscribe { _ in })
    }

    public func setActive(_ active: Bool) { isActive.value = active }

    private func importPhotosSignal() -> Signal<[Photo]> {
        service.popular()
            .traced("gallery · popular", in: log) { "\($0.count) photos" }
            .doNext { [weak self] photos in
                self?.hasLoaded = true
                self?.photos.value = photos
            }
            .trackingLoad(isLoading: isLoading, loadError: loadError)
    }

    public func dispose() { bag.dispose() }
}
