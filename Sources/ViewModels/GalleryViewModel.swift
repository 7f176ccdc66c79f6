import PhotoModel
import Reactive

/// The gallery of the most interesting photos (FRPGalleryViewModel). It loads when it first
/// becomes active, not in `init` (the book's lesson on testable ViewModels); an error leaves
/// it empty with the reason in `loadError` (the book's `catchTo:[RACSignal empty]`, but said).
@MainActor
public final class GalleryViewModel: ViewModel {
    public let title = "Popular photos"

    // MARK: Inputs

    /// Call when the gallery becomes the top of the stack (true) or stops being it (false).
    public func setActive(_ active: Bool) { mutableIsActive.value = active }

    // MARK: Outputs

    /// Emits the photos, most interesting first; empty until loaded, and after a failure.
    public let photos: Property<[Photo]>
    /// Emits true from the start of a load until it succeeds, fails or is cancelled.
    public let isLoading: Property<Bool>
    /// Emits why the last load failed, in one line; nil while none has.
    public let loadError: Property<String?>
    /// Emits whether the gallery is the top of the stack.
    public let isActive: Property<Bool>

    // MARK: State

    private let mutablePhotos = MutableProperty<[Photo]>([])
    private let mutableIsLoading = MutableProperty(false)
    private let mutableLoadError = MutableProperty<String?>(nil)
    private let mutableIsActive = MutableProperty(false)
    private let service: any PhotoSearchService
    private let log: EventLog?
    private var hasLoaded = false
    private let bag = CompositeDisposable()

    public init(services: any ViewModelServices) {
        photos = Property(mutablePhotos)
        isLoading = Property(mutableIsLoading)
        loadError = Property(mutableLoadError)
        isActive = Property(mutableIsActive)
        service = services.searchService
        log = services.instrumentation?.eventLog
        bag.add(services.instrumentation?.attach(self))
        // Becoming inactive cancels a load in flight; becoming active again retries until one succeeds.
        bag.add(
            isActive.changes.distinctUntilChanged()
                .flatMapLatest { [weak self] active -> Signal<[Photo]> in
                    guard active, let self, !self.hasLoaded else { return .empty }
                    return self.importPhotosSignal()
                }
                .start())
    }

    public let streamName = "gallery"

    public var outputs: [ViewModelOutput] {
        [
            .constant("title", .text(title)),
            // Not traced: `trace` has always shown the gallery through its service call alone.
            .property("isActive", self.isActive, trace: .none, reads: { .bool($0) }),
            .property("isLoading", self.isLoading, trace: .none, reads: { .bool($0) }),
            .property("photos", self.photos, trace: .none, reads: { .count($0.count, "photo") }),
            .property("loadError", self.loadError, trace: .none, reads: { $0.map { .text($0) } ?? .none }),
        ]
    }

    private func importPhotosSignal() -> Signal<[Photo]> {
        service.popular()
            .traced(StreamName(owner: streamName, "popular"), in: log) { "\($0.count) photos" }
            .doNext { [weak self] photos in
                self?.hasLoaded = true
                self?.mutablePhotos.value = photos
            }
            .trackingLoad(isLoading: mutableIsLoading, loadError: mutableLoadError)
    }

    public func dispose() { bag.dispose() }
}
