import ReactiveSwift

/// A photo as a search finds it.
public struct Photo: Sendable, Equatable {
    public let identifier: String
    public let title: String

    public init(identifier: String, title: String) {
        self.identifier = identifier
        self.title = title
    }
}

/// The Flickr calls the ViewModels make, each a producer (a call per start): in an app an HTTP
/// client's, in a test a stub's on the test's scheduler. A ViewModel never knows which.
public protocol FlickrService {
    func search(_ text: String) -> SignalProducer<[Photo], any Error>
    func favorites(of photo: Photo) -> SignalProducer<Int, any Error>
    func comments(of photo: Photo) -> SignalProducer<Int, any Error>
}

/// The tutorial's search screen: the text, whether it is worth searching (the validation in
/// effect in vmsh), and the search command, an Action enabled by it, whose results are the
/// screen it pushes. `scheduler` is what the pipelines' timed steps run on: QueueScheduler.main
/// in an app.
public final class SearchViewModel {
    public let searchText = MutableProperty("")
    public let isSearchValid: Property<Bool>
    /// The tutorial's executeSearch (RAC 2's RACCommand): one search at a time, while the text is valid.
    public let executeSearch: Action<Void, (String, [Photo]), any Error>
    /// The screen the last search pushed.
    public let results: Property<ResultsViewModel?>

    public init(service: any FlickrService, scheduler: any DateScheduler) {
        // A validation that fails leaves the button as it was: the tutorial's cannot fail, one's own may.
        isSearchValid = Property(
            initial: false,
            then: Pipelines.searchValidation(searchText: searchText.producer.promoteError(), scheduler: scheduler)
                .flatMapError { _ in .empty })
        executeSearch = Action(enabledIf: isSearchValid) { [searchText] in
            let text = searchText.value
            return service.search(text).map { (text, $0) }
        }
        // A failed search pushes nothing: the View says so (the tutorial logs it).
        results = Property(
            initial: nil,
            then: executeSearch.values.map { text, photos in
                ResultsViewModel(title: text, photos: photos, service: service, scheduler: scheduler)
            })
    }
}

/// The results screen: one row per photo, each fetching its counts as the row's pipeline says.
public final class ResultsViewModel {
    public let title: String
    public let rows: [RowViewModel]

    init(title: String, photos: [Photo], service: any FlickrService, scheduler: any DateScheduler) {
        self.title = title
        rows = photos.map { RowViewModel(photo: $0, service: service, scheduler: scheduler) }
    }
}

/// One row of the results: the View sets `isVisible` as the row scrolls in and out; the row
/// pipeline in effect in vmsh decides when the counts are fetched.
public final class RowViewModel {
    public let photo: Photo
    public let isVisible = MutableProperty(false)
    public let favorites: Property<Int?>
    public let comments: Property<Int?>

    private let fetching: Disposable

    init(photo: Photo, service: any FlickrService, scheduler: any DateScheduler) {
        self.photo = photo
        let visible = isVisible.producer.skipRepeats().promoteError(Error.self)
        let favorites = service.favorites(of: photo)
        let comments = service.comments(of: photo)
        // Both calls at once, as the tutorial's combineLatest of the two requests.
        let metadata = favorites.combineLatest(with: comments)
        let counts = MutableProperty<(Int, Int)?>(nil)
        self.favorites = counts.map { $0?.0 }
        self.comments = counts.map { $0?.1 }
        // Errors end the row's pipeline quietly: the counts are nice to have.
        fetching = Pipelines.rowMetadata(
            isVisible: visible, hidden: visible.skip(first: 1).filter { !$0 }, favorites: favorites,
            comments: comments, metadata: metadata, scheduler: scheduler
        )
        .startWithResult { result in
            if case .success(let value) = result { counts.value = value }
        }
    }

    /// Stops the row's pipeline (the row's leaving the screen for good does).
    public func stop() { fetching.dispose() }
}
