#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// A photo as a search finds it.
public struct Photo: Sendable, Equatable {
    public let identifier: String
    public let title: String

    public init(identifier: String, title: String) {
        self.identifier = identifier
        self.title = title
    }
}

/// The Flickr calls the ViewModels make, each a cold publisher (a call per subscription): in an
/// app an HTTP client's, in a test a stub's on the test's scheduler. A ViewModel never knows which.
public protocol FlickrService {
    func search(_ text: String) -> AnyPublisher<[Photo], any Error>
    func favorites(of photo: Photo) -> AnyPublisher<Int, any Error>
    func comments(of photo: Photo) -> AnyPublisher<Int, any Error>
}

/// The tutorial's search screen: the text, whether it is worth searching (the validation in
/// effect in vmsh), and the search command, which pushes the results when it ends. `S` is the
/// scheduler the pipelines' timed steps run on: DispatchQueue.main in an app.
@MainActor
public final class SearchViewModel<S: Scheduler>: ObservableObject {
    @Published public var searchText = "" {
        didSet { if searchText != oldValue { text.send(searchText) } }
    }
    @Published public private(set) var isSearchValid = false
    /// The command's executing: true while a search runs, and no second one starts meanwhile.
    @Published public private(set) var isExecuting = false
    /// The screen the last search pushed.
    @Published public private(set) var results: ResultsViewModel<S>?

    /// The text as the pipelines read it. Not $searchText: @Published sends before the property
    /// changes, so a pipeline that subscribes again as it hears a value (switchToLatest) would
    /// start from the old one; a subject sends once the text has changed, as RACObserve does.
    private let text = CurrentValueSubject<String, any Error>("")
    private let service: any FlickrService
    private let scheduler: S
    private var subscriptions: Set<AnyCancellable> = []

    public init(service: any FlickrService, scheduler: S) {
        self.service = service
        self.scheduler = scheduler
        Pipelines.searchValidation(searchText: text.eraseToAnyPublisher(), scheduler: scheduler)
            // A validation that fails leaves the button as it was: the tutorial's cannot fail, one's own may.
            .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.isSearchValid = $0 })
            .store(in: &subscriptions)
    }

    /// The tutorial's executeSearch: enabled while the text is valid, one search at a time.
    public func executeSearch() {
        guard isSearchValid, !isExecuting else { return }
        isExecuting = true
        let text = searchText
        service.search(text)
            .sink(
                // A failed search pushes nothing: the View says so (the tutorial logs it).
                receiveCompletion: { [weak self] _ in self?.isExecuting = false },
                receiveValue: { [weak self] photos in
                    guard let self else { return }
                    results = ResultsViewModel(title: text, photos: photos, service: service, scheduler: scheduler)
                }
            )
            .store(in: &subscriptions)
    }
}

/// The results screen: one row per photo, each fetching its counts as the row's pipeline says.
@MainActor
public final class ResultsViewModel<S: Scheduler>: ObservableObject {
    public let title: String
    public let rows: [RowViewModel<S>]

    init(title: String, photos: [Photo], service: any FlickrService, scheduler: S) {
        self.title = title
        rows = photos.map { RowViewModel(photo: $0, service: service, scheduler: scheduler) }
    }
}

/// One row of the results: the View sets `isVisible` as the row scrolls in and out; the row
/// pipeline in effect in vmsh decides when the counts are fetched.
@MainActor
public final class RowViewModel<S: Scheduler>: ObservableObject {
    public let photo: Photo
    @Published public var isVisible = false {
        didSet { if isVisible != oldValue { visibility.send(isVisible) } }
    }
    @Published public private(set) var favorites: Int?
    @Published public private(set) var comments: Int?

    /// What the pipeline reads: a subject, not $isVisible (see SearchViewModel's text).
    private let visibility = CurrentValueSubject<Bool, any Error>(false)
    private var fetching: AnyCancellable?

    init(photo: Photo, service: any FlickrService, scheduler: S) {
        self.photo = photo
        let visible = visibility.eraseToAnyPublisher()
        let favorites = service.favorites(of: photo)
        let comments = service.comments(of: photo)
        // Both calls at once, as the tutorial's combineLatest of the two requests.
        let metadata = favorites.combineLatest(comments).map { ($0, $1) }.eraseToAnyPublisher()
        fetching = Pipelines.rowMetadata(
            isVisible: visible, hidden: visible.dropFirst().filter { !$0 }.eraseToAnyPublisher(),
            favorites: favorites, comments: comments, metadata: metadata, scheduler: scheduler
        )
        // Errors end the row's pipeline quietly: the counts are nice to have.
        .sink(
            receiveCompletion: { _ in },
            receiveValue: { [weak self] counts in
                self?.favorites = counts.0
                self?.comments = counts.1
            })
    }

    /// Stops the row's pipeline (the row's leaving the screen for good does).
    public func stop() { fetching?.cancel() }
}
