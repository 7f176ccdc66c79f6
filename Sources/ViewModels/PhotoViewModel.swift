import PhotoModel
import Reactive

/// One photo of the pager (FRPPhotoViewModel). It fetches the photo's details while it is
/// active (on screen), never in `init`: side effects start from `didBecomeActive`, as the book
/// advises, so creating a ViewModel costs nothing and a test controls when work begins.
///
/// Unlike the book's version, a failed fetch clears `isLoading` too (the book only cleared it
/// on completion, so the spinner stayed up after an error) and says why in `loadError`.
@MainActor
public final class PhotoViewModel: ViewModel {
    public let photo: Photo
    /// The photo's position in the pager's list, from 0.
    public let index: Int
    /// The photo's name, as the page's title.
    public var title: String { photo.title }

    // MARK: Inputs

    /// Call when the photo comes on screen (true: the top of the stack and the pager's current
    /// page) or leaves it (false).
    public func setActive(_ active: Bool) { mutableIsActive.value = active }

    // MARK: Outputs

    /// Emits whether the photo is on screen.
    public let isActive: Property<Bool>
    /// Emits true from the start of a details fetch until it succeeds, fails or is cancelled.
    public let isLoading: Property<Bool>
    /// Emits the details, once fetched; nil until then.
    public let details: Property<PhotoDetails?>
    /// Emits why the last fetch failed, in one line; nil while none has (and again when a new one starts).
    public let loadError: Property<String?>

    /// The name this photo's streams carry in `trace` and `marbles`.
    public var streamName: String { "photo \(index + 1)" }

    public var outputs: [ViewModelOutput] {
        [
            // Traced where the fetch observes it (in init), so the trace shows what the fetch heard.
            .property("isActive", self.isActive, trace: .none, reads: { .bool($0) }),
            .property("isLoading", self.isLoading, trace: .none, reads: { .bool($0) }),
            .property(
                "details", self.details, trace: .none,
                reads: {
                    $0.map {
                        .counts([.init(number: $0.views, noun: "view"), .init(number: $0.tags.count, noun: "tag")])
                    }
                        ?? .none
                }),
            .property("loadError", self.loadError, trace: .none, reads: { $0.map { .text($0) } ?? .none }),
        ]
    }

    // MARK: State

    private let mutableIsActive = MutableProperty(false)
    private let mutableIsLoading = MutableProperty(false)
    private let mutableDetails = MutableProperty<PhotoDetails?>(nil)
    private let mutableLoadError = MutableProperty<String?>(nil)
    private let service: any PhotoSearchService
    private let log: EventLog?
    private let bag = CompositeDisposable()

    public init(photo: Photo, index: Int, services: any ViewModelServices) {
        self.photo = photo
        self.index = index
        isActive = Property(mutableIsActive)
        isLoading = Property(mutableIsLoading)
        details = Property(mutableDetails)
        loadError = Property(mutableLoadError)
        service = services.searchService
        log = services.instrumentation?.eventLog
        bag.add(services.instrumentation?.attach(self))
        // didBecomeActiveSignal, switched to latest: becoming inactive switches the fetch to
        // nothing, which disposes (cancels) it. Once the details are in, nothing is fetched again.
        bag.add(
            isActive.changes.distinctUntilChanged()
                .traced(StreamName(owner: streamName, "active"), in: log)
                .flatMapLatest { [weak self] active -> Signal<PhotoDetails> in
                    guard active, let self, self.details.value == nil else { return .empty }
                    return self.downloadPhotoDetails()
                }
                .start())
    }

    /// The details call with its state around it: loading on subscribe; the details, then not
    /// loading, on success; the error, then not loading, on failure; not loading when cancelled.
    private func downloadPhotoDetails() -> Signal<PhotoDetails> {
        service.details(photoID: photo.id)
            .traced(StreamName(owner: streamName, "details"), in: log) { "\($0.views) views" }
            .doNext { [weak self] details in self?.mutableDetails.value = details }
            .trackingLoad(isLoading: mutableIsLoading, loadError: mutableLoadError)
    }

    public func dispose() { bag.dispose() }
}
