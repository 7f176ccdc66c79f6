import PhotoModel
import Reactive
import TerminalText
import ViewModels

/// The root screen (RWTFlickrSearchViewController): search text, validity, the search command's
/// state, connection errors and recent searches.
@MainActor
public final class SearchView: ViewForViewModel, RowOpening, RecentSearchListing {
    public let search: SearchViewModel
    public var viewModel: any ViewModel { search }
    public var isTop = false
    private let console: any Console
    private let style: Style
    private let bag = CompositeDisposable()
    /// The search text as last shown (or as it stood when the View was made).
    private var shownText: String

    public init(viewModel: SearchViewModel, console: any Console, style: Style) {
        search = viewModel
        self.console = console
        self.style = style
        shownText = viewModel.searchText.value
        bag.add(
            viewModel.searchText.changes.subscribeNext { [weak self] text in self?.show(text: text) })
        // The validation subscribed to the text before this View did, so its change comes first: the
        // text it follows from is shown before it, as a cause before its effect.
        bag.add(
            viewModel.isSearchValid.changes.subscribeNext { [weak self] valid in
                guard let self else { return }
                show(text: search.searchText.value)
                printIfTop("isSearchValid = \(valid)")
            })
        // Like the tutorial's network activity indicator, executing is app-wide: it prints on any screen.
        bag.add(
            viewModel.executeSearch.isExecuting.changes.subscribeNext { [weak self] executing in
                self?.console.print("executing = \(executing)")
            })
        // An alert shows over any screen too.
        bag.add(
            viewModel.connectionErrors.subscribeNext { [weak self] error in
                guard let self else { return }
                let reason = "\(error)".terminalField(limit: 200)
                self.console.print(
                    self.style.red("Connection Error: There was a problem reaching Flickr.") + " (\(reason))")
            })
        // The recent-search store failing is news on any screen; the ViewModel says it once.
        bag.add(
            viewModel.recentSearchesWarning.signal.subscribeNext { [weak self] warning in
                guard let self, let warning else { return }
                self.console.print(self.style.red("warning:") + " " + warning.sanitizedForTerminal)
            })
    }

    /// `searchText = …`, once for each text it changes to.
    private func show(text: String) {
        guard text != shownText else { return }
        shownText = text
        printIfTop("searchText = \(text.quotedForTerminal)")
    }

    public static func make(for viewModel: any ViewModel, console: any Console, style: Style) -> SearchView? {
        (viewModel as? SearchViewModel).map { SearchView(viewModel: $0, console: console, style: style) }
    }

    public var openableRowCount: Int { search.recentSearches.value.count }

    /// `open N` at the root runs recent search N again.
    public func open(row: Int, services: any ViewModelServices) -> Result<RowAction, ViewRefusal> {
        let recent = search.recentSearches.value
        if search.executeSearch.isExecuting.value {
            // Typed ahead of the results (`search sunset` then `open 2`): the row is not there yet.
            let text = search.searchText.value.quotedForTerminal
            return .failure(
                ViewRefusal("the search for \(text) is still running: wait for its results, then open \(row)"))
        }
        guard !recent.isEmpty else { return .failure(ViewRefusal("no recent searches yet: search TEXT first")) }
        guard (1...recent.count).contains(row) else {
            return .failure(ViewRefusal("no recent search \(row): the list has \(rowsText(1...recent.count))"))
        }
        return .success(.search(recent[row - 1].searchText))
    }

    /// The root adds nothing to the prompt.
    public func promptPart(separator: String, unicode: Bool) -> String { "" }

    private func printIfTop(_ line: String) {
        if isTop { console.print(line) }
    }

    public func render() {
        console.print(style.bold(search.title))
        let text = search.searchText.value
        let state = search.isSearchValid.value ? "valid" : "too short"
        console.print("  searchText \(text.quotedForTerminal) (\(state))")
        if search.recentSearches.value.isEmpty {
            console.print("  no recent searches")
        } else {
            console.print("  recent searches:")
            renderRecent()
        }
    }

    /// Prints the recent searches, numbered for `open N`.
    public func renderRecent() {
        let recent = search.recentSearches.value
        if recent.isEmpty {
            console.print("no recent searches")
            return
        }
        for (index, entry) in recent.enumerated() {
            console.print("  \(Self.number(index + 1, of: recent.count))  \(Self.describe(entry))")
        }
    }

    static func describe(_ entry: RecentSearch) -> String {
        let text = entry.searchText.quotedForTerminal
        guard let first = entry.firstPhoto else { return "\(text) · no photos" }
        return "\(text) · \(entry.totalResults.counted("photo")) · first \(first.title.quotedForTerminal)"
    }

    static func number(_ value: Int, of count: Int) -> String {
        let width = String(count).count
        return String(repeating: " ", count: width - String(value).count) + String(value)
    }

    public func dispose() { bag.dispose() }
}
