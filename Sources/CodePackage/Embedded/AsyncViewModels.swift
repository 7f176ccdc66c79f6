import AsyncAlgorithms
import Observation

/// A photo as a search finds it.
public struct Photo: Sendable, Equatable {
    public let identifier: String
    public let title: String

    public init(identifier: String, title: String) {
        self.identifier = identifier
        self.title = title
    }
}

/// The Flickr calls the ViewModels make, each an async call: in an app an HTTP client's, in a
/// test a stub's on the test's clock. A ViewModel never knows which.
public protocol FlickrService: Sendable {
    func search(_ text: String) async throws -> [Photo]
    func favorites(of photo: Photo) async throws -> Int
    func comments(of photo: Photo) async throws -> Int
}

/// The tutorial's search screen: the text, whether it is worth searching (the validation in
/// effect in vmsh), and the search command, which pushes the results when it ends. `clock` is
/// what the pipelines' timed steps wait on: a ContinuousClock in an app.
@MainActor @Observable
public final class SearchViewModel<C: Clock<Duration>> {
    public var searchText = "" {
        didSet { if searchText != oldValue { text.send(searchText) } }
    }
    public private(set) var isSearchValid = false
    /// The command's executing: true while a search runs, and no second one starts meanwhile.
    public private(set) var isExecuting = false
    /// The screen the last search pushed.
    public private(set) var results: ResultsViewModel<C>?

    /// The text as the pipelines read it, RACObserve's way: the current text first, then each
    /// change, to every iteration at once. (An AsyncChannel waits for each value to be taken,
    /// and Observations gathers changes made between two of its iterations into one.)
    @ObservationIgnored private let text = Subject(current: "")
    @ObservationIgnored private let service: any FlickrService
    @ObservationIgnored private let clock: C
    @ObservationIgnored private var validating: Task<Void, Never>?

    public init(service: any FlickrService, clock: C) {
        self.service = service
        self.clock = clock
        let validation = Pipelines.searchValidation(searchText: text, clock: clock)
        validating = Task { [weak self] in
            // A validation that fails leaves the button as it was: the tutorial's cannot fail, one's own may.
            do {
                for try await valid in validation { self?.isSearchValid = valid }
            } catch {}
        }
    }

    /// The tutorial's executeSearch: enabled while the text is valid, one search at a time.
    public func executeSearch() {
        guard isSearchValid, !isExecuting else { return }
        isExecuting = true
        let text = searchText
        Task { [weak self, service, clock] in
            defer { self?.isExecuting = false }
            // A failed search pushes nothing: the View says so (the tutorial logs it).
            guard let photos = try? await service.search(text) else { return }
            self?.results = ResultsViewModel(title: text, photos: photos, service: service, clock: clock)
        }
    }

    /// Stops the validation (the screen's going away for good does).
    public func stop() { validating?.cancel() }
}

/// The results screen: one row per photo, each fetching its counts as the row's pipeline says.
@MainActor @Observable
public final class ResultsViewModel<C: Clock<Duration>> {
    public let title: String
    public let rows: [RowViewModel<C>]

    init(title: String, photos: [Photo], service: any FlickrService, clock: C) {
        self.title = title
        rows = photos.map { RowViewModel(photo: $0, service: service, clock: clock) }
    }
}

/// One row of the results: the View sets `isVisible` as the row scrolls in and out; the row
/// pipeline in effect in vmsh decides when the counts are fetched.
@MainActor @Observable
public final class RowViewModel<C: Clock<Duration>> {
    public let photo: Photo
    public var isVisible = false {
        didSet { if isVisible != oldValue { visibility.send(isVisible) } }
    }
    public private(set) var favorites: Int?
    public private(set) var comments: Int?

    /// What the pipeline reads: a subject, as SearchViewModel's text.
    @ObservationIgnored private let visibility = Subject(current: false)
    @ObservationIgnored private var fetching: Task<Void, Never>?

    init(photo: Photo, service: any FlickrService, clock: C) {
        self.photo = photo
        // Each iteration of a call makes the call, as each subscription to a RAC signal does.
        let favorites = AsyncSignal { out in out.yield(try await service.favorites(of: photo)) }
        let comments = AsyncSignal { out in out.yield(try await service.comments(of: photo)) }
        // Both calls at once, as the tutorial's combineLatest of the two requests.
        let metadata = AsyncSignal { out in
            async let favorites = service.favorites(of: photo)
            async let comments = service.comments(of: photo)
            out.yield(try await (favorites, comments))
        }
        let pipeline = Pipelines.rowMetadata(
            isVisible: visibility, hidden: visibility.dropFirst().filter { !$0 },
            favorites: favorites, comments: comments, metadata: metadata, clock: clock)
        fetching = Task { [weak self] in
            // Errors end the row's pipeline quietly: the counts are nice to have.
            do {
                for try await counts in pipeline {
                    self?.favorites = counts.0
                    self?.comments = counts.1
                }
            } catch {}
        }
    }

    /// Stops the row's pipeline (the row's leaving the screen for good does).
    public func stop() { fetching?.cancel() }
}
