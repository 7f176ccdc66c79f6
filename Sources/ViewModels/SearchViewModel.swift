import PhotoModel
import Reactive

/// The root of the app (RWTFlickrSearchViewModel): the search box, its validity, the search
/// command, connection errors and the recent searches.
@MainActor
public final class SearchViewModel: ViewModel {
    public let title = "Flickr Search"

    /// Call (set) when the user edits the search text.
    public let searchText = Property("")
    /// Emits whether the text is long enough to search (more than 3 characters); only on change.
    public let isSearchValid = Property(false)
    /// Runs the search for the current text; enabled while the text is valid and no search runs.
    /// On success it records a recent search and pushes a `SearchResultsViewModel`.
    public private(set) var executeSearch: Command<Void, SearchResults>!
    /// Emits the newest searches first, at most `RecentSearch.limit`; loaded from the store at init.
    public let recentSearches = Property<[RecentSearch]>([])
    /// Emits one line the first time the recent-search store fails; the list then lives in
    /// memory for the rest of the session, so one broken file costs one warning, not the shell.
    public let recentSearchesWarning = Property<String?>(nil)

    private let services: any ViewModelServices
    private let bag = CompositeDisposable()
    /// Where recent searches last; nil without one, and after it failed once.
    private var recentSearchStore: (any RecentSearchStore)?

    /// The smallest valid search is one character longer than this.
    public static let minimumSearchLength = 3

    public init(services: any ViewModelServices) {
        self.services = services
        recentSearchStore = services.recentSearchStore
        if let store = recentSearchStore {
            do {
                recentSearches.value = Array(try store.load().prefix(RecentSearch.limit))
            } catch {
                recentSearchStoreFailed(error)
            }
        }
        bag.add(
            searchText.signal
                .map { $0.count > Self.minimumSearchLength }
                .distinctUntilChanged()
                .skip(1)
                .bind(to: isSearchValid)
        )
        executeSearch = Command(enabledIf: isSearchValid.signal) { [weak self] _ in
            self?.executeSearchSignal() ?? .empty
        }
        if let instrumentation = services.instrumentation {
            instrumentation.track(self)
            // Observed here so `trace` shows the bindings' changes, whoever else listens.
            let log = instrumentation.eventLog
            bag.add(searchText.changes.traced("search · searchText", in: log).subscribe { _ in })
            bag.add(isSearchValid.changes.traced("search · isSearchValid", in: log).subscribe { _ in })
            bag.add(executeSearch.isExecuting.changes.traced("search · executing", in: log).subscribe { _ in })
        }
    }

    /// Emits every error of the search command (executeSearch.errors): the View says it could not
    /// reach Flickr. Metadata errors never arrive here, by design.
    public var connectionErrors: Signal<any Error> { executeSearch.errors }

    private func executeSearchSignal() -> Signal<SearchResults> {
        let services = self.services
        let text = searchText.value
        return services.searchService.search(text)
            .traced("search · flickrSearchSignal", in: services.instrumentation?.eventLog) {
                "\($0.photos.count) of \($0.totalResults) photos"
            }
            .doNext { [weak self] results in
                guard let self else { return }
                self.recordRecentSearch(RecentSearch(results))
                services.push(SearchResultsViewModel(results: results, services: services))
            }
    }

    /// Records through the store, whose answer may include other sessions' searches; in memory
    /// when there is no store or it fails.
    private func recordRecentSearch(_ search: RecentSearch) {
        if let store = recentSearchStore {
            do {
                recentSearches.value = try store.record(search)
                return
            } catch {
                recentSearchStoreFailed(error)
            }
        }
        recentSearches.value = RecentSearch.record(search, in: recentSearches.value)
    }

    private func recentSearchStoreFailed(_ error: any Error) {
        recentSearchStore = nil
        recentSearchesWarning.value = "recent searches are kept in memory only: \(error)"
    }

    /// Why `executeSearch` would refuse now, in words; nil when it would run.
    public var whySearchIsDisabled: String? {
        if executeSearch.isExecuting.value { return "a search is already running" }
        if !isSearchValid.value {
            let count = searchText.value.count
            return "\"\(searchText.value)\" has \(count) character\(count == 1 ? "" : "s"); a search needs more than \(Self.minimumSearchLength)"
        }
        return nil
    }

    public func dispose() {
        executeSearch.dispose()
        bag.dispose()
    }
}
