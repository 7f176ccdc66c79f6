import PhotoModel
import Reactive

/// The root of the app (RWTFlickrSearchViewModel): the search box, its validity, the search
/// command, connection errors and the recent searches.
@MainActor
public final class SearchViewModel: ViewModel {
    public let title = "Flickr Search"

    /// The smallest valid search is one character longer than this.
    public static let minimumSearchLength = 3

    // MARK: Inputs

    /// Call when the user edits the search text.
    public func setSearchText(_ text: String) { mutableSearchText.value = text }

    /// Call `execute(())` when the user asks for the search of the current text. Enabled while
    /// the text is valid and no search runs; on success it records a recent search and pushes
    /// a `SearchResultsViewModel`. Emits its state in `isEnabled` and `isExecuting`.
    public let executeSearch: Command<Void, SearchResults>

    // MARK: Outputs

    /// Emits the text to search for: the current one, then every edit.
    public let searchText: Property<String>
    /// Emits whether the text is long enough to search (more than 3 characters); only on change.
    public let isSearchValid: Property<Bool>
    /// Emits the newest searches first, at most `RecentSearch.limit`; read from the store the
    /// first time it is asked for (or a search is recorded), not at init.
    public var recentSearches: Property<[RecentSearch]> {
        recent.loadIfNeeded()
        return recentSearchList
    }
    /// Emits one line the first time the recent-search store fails; the list then lives in
    /// memory for the rest of the session, so one broken file costs one warning, not the shell.
    public let recentSearchesWarning: Property<String?>

    /// Emits every error of the search command (executeSearch.errors): the View says it could not
    /// reach Flickr. Metadata errors never arrive here, by design.
    public var connectionErrors: Signal<any Error> { executeSearch.errors }

    /// Why `executeSearch` would refuse now, in words; nil when it would run.
    public var whySearchIsDisabled: String? {
        if executeSearch.isExecuting.value { return "a search is already running" }
        if !isSearchValid.value {
            let count = searchText.value.count
            // The tutorial's rule counts characters, which reads a two-character Chinese word as too short.
            let wide = searchText.value.unicodeScalars.contains(where: Self.isIdeographic)
            return "\"\(searchText.value)\" has \(count) character\(count == 1 ? "" : "s"); "
                + "a search needs more than \(Self.minimumSearchLength)"
                + (wide ? " (the tutorial's rule counts characters, not words, and many Chinese words have two)" : "")
        }
        return nil
    }

    /// A Han ideograph, kana or Hangul syllable: a script whose words are few characters long.
    nonisolated static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FA1F:
            true
        default: false
        }
    }

    // MARK: State

    private let mutableSearchText = MutableProperty("")
    private let mutableIsSearchValid = MutableProperty(false)
    private let recent: RecentSearchList
    private let recentSearchList: Property<[RecentSearch]>
    private let log: EventLog?
    private let bag = CompositeDisposable()
    private let scheduler: any Scheduler
    /// What drives `isSearchValid` now: the tutorial's length check, or a learner's own.
    private var validation: any Disposable = CompositeDisposable()
    /// The validation's name: `length` (the tutorial's), or the name of one's own.
    public private(set) var validationName = "length"

    public init(services: any ViewModelServices) {
        log = services.instrumentation?.eventLog
        recent = RecentSearchList(store: services.recentSearchStore)
        searchText = Property(mutableSearchText)
        isSearchValid = Property(mutableIsSearchValid)
        recentSearchList = Property(recent.searches)
        recentSearchesWarning = Property(recent.warning)
        let text = mutableSearchText
        let recent = recent
        executeSearch = Command(enabledIf: isSearchValid.signal) { _ in
            Self.searchSignal(text.value, services: services, recent: recent)
        }
        scheduler = services.scheduler
        validation = builtInValidation()
        bag.add(ActionDisposable { [weak self] in self?.validation.dispose() })
        bag.add(services.instrumentation?.attach(self))
    }

    public let streamName = "search"

    /// The tutorial's validation: more than `minimumSearchLength` characters.
    private func builtInValidation() -> any Disposable {
        searchText.signal
            .map { $0.count > Self.minimumSearchLength }
            .distinctUntilChanged()
            .skip(1)
            .bind(to: mutableIsSearchValid)
    }

    /// Call to drive `isSearchValid` by a validation of one's own (`set validation NAME`): `make`
    /// turns the search text (where it stands, then each change) into truth values; nil puts the
    /// tutorial's back. Takes effect at once, from the text as it stands.
    public func setValidation(
        named name: String, _ make: (@MainActor (Signal<String>, any Scheduler) -> Signal<Bool>)?
    ) {
        validation.dispose()
        validationName = make == nil ? "length" : name
        guard let make else {
            let valid = searchText.value.count > Self.minimumSearchLength
            if mutableIsSearchValid.value != valid { mutableIsSearchValid.value = valid }
            validation = builtInValidation()
            return
        }
        validation = make(searchText.signal, scheduler).distinctUntilChanged().bind(to: mutableIsSearchValid)
    }

    /// The executions `trace` numbers ("execution 2" of the command), with what each found.
    private var numberedExecutions: Signal<String> {
        executeSearch.numberedExecutions(owner: "command", "execution", in: log) {
            "\($0.photos.count) of \($0.totalResults) photos"
        }
    }

    public var outputs: [ViewModelOutput] {
        [
            .constant("title", .text(title)),
            .property("searchText", self.searchText, reads: { .text($0) }),
            .property("isSearchValid", self.isSearchValid, reads: { .bool($0) }).derived(from: "searchText"),
            // The command's own streams carry its name in `trace`, as RACCommand's are its own.
            .property(
                "executeSearch.enabled", self.executeSearch.isEnabled,
                trace: .named([StreamName(owner: "command", "executeSearch.enabled")]), reads: { .bool($0) }
            ).derived(from: "isSearchValid", "executeSearch.executing"),
            .property(
                "executeSearch.executing", self.executeSearch.isExecuting,
                trace: .named([StreamName(owner: streamName, "executing"), StreamName(owner: "command", "executing")]),
                reads: { .bool($0) }),
            .property(
                "recentSearches", self.recentSearches, trace: .none,
                reads: { .count($0.count, "search") }),
            .signal(
                "connectionErrors", self.connectionErrors,
                trace: .named([
                    StreamName(owner: "command", "errors"), StreamName(owner: "command", "connectionErrors"),
                ]), reads: { .text("\($0)") }),
            // Part 2 assigns connectionErrors = executeSearch.errors: traced once, under connectionErrors.
            .signal("executeSearch.errors", self.executeSearch.errors, trace: .none, reads: { .text("\($0)") }),
            .signals(
                "executeSearch.executionSignals", self.executeSearch.executionSignals,
                trace: .named([StreamName(owner: "command", "executionSignals")]), outer: .phrase("execution"),
                reads: { .count($0.photos.count, "photo") }, tracedAs: { [unowned self] in self.numberedExecutions }),
        ]
    }

    /// The stream the search call is traced under: recorded from the first search on.
    public static let searchSignalStream = StreamName(owner: "search", "flickrSearchSignal")

    /// The search for `text`; on success it records the search and pushes its results.
    private static func searchSignal(
        _ text: String, services: any ViewModelServices, recent: RecentSearchList
    ) -> Signal<SearchResults> {
        services.searchService.search(text)
            .traced(searchSignalStream, in: services.instrumentation?.eventLog) {
                "\($0.photos.count) of \($0.totalResults) photos"
            }
            .doNext { [weak recent] results in
                guard let recent else { return }
                recent.record(RecentSearch(results))
                services.push(SearchResultsViewModel(results: results, services: services))
            }
    }

    public func dispose() {
        executeSearch.dispose()
        bag.dispose()
    }
}
