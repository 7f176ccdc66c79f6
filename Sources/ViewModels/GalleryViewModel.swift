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
            .on(
                subscribed: { [weak self] in
                    guard let self else { return }
                    if self.loadError.value != nil { self.loadError.value = nil }
                    self.isLoading.value = true
                },
                event: { [weak self] event in
                    guard let self else { return }
                    switch event {
                    case .next(let photos):
                        self.hasLoaded = true
                        self.photos.value = photos
                    case .failed(let error):
                        self.loadError.value = "\(error)"
                        self.isLoading.value = false
                    case .completed: self.isLoading.value = false
                    }
                },
                disposed: { [weak self] in self?.isLoading.value = false })
            .catch { _ in .empty }
    }

    public func dispose() { bag.dispose() }
}
