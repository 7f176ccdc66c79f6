import PhotoModel
import Reactive
import TerminalText
import ViewModels

/// The results screen with its list binding (CETableViewBindingHelper for a terminal): it decides
/// which rows are visible, sets each row's `isVisible`, and prints a row's counts when they arrive.
@MainActor
public final class SearchResultsView: ViewForViewModel, ResultRows, RowOpening {
    public let results: SearchResultsViewModel
    public var viewModel: any ViewModel { results }
    public var isTop = false
    /// The rows on screen, numbered from 1; nil when the list is empty.
    public private(set) var visibleRows: ClosedRange<Int>?
    private let console: any Console
    private let style: Style
    private let pageSize: Int
    private let bag = CompositeDisposable()

    /// Which rows' counts this View prints when they arrive: bound as each row is first needed.
    private var bound: [Bool]

    public init(viewModel: SearchResultsViewModel, console: any Console, style: Style, pageSize: Int = 10) {
        results = viewModel
        self.console = console
        self.style = style
        self.pageSize = pageSize
        bound = Array(repeating: false, count: viewModel.rowCount)
        // As a table shows its first screenful when it appears.
        if viewModel.rowCount > 0 { setVisible(1...min(pageSize, viewModel.rowCount)) }
    }

    public static func make(for viewModel: any ViewModel, console: any Console, style: Style) -> SearchResultsView? {
        (viewModel as? SearchResultsViewModel).map { SearchResultsView(viewModel: $0, console: console, style: style) }
    }

    public var rowCount: Int { results.rowCount }
    public var listTitle: String { results.title }
    public var openableRowCount: Int { rowCount }

    /// The row's ViewModel, bound to this View from the first time it is needed (the counts
    /// can only arrive once the row is visible, which goes through here).
    public func item(at row: Int) -> PhotoItemViewModel? {
        guard let item = results.item(row: row) else { return nil }
        if !bound[row - 1] {
            bound[row - 1] = true
            let counts = combineLatest(item.favorites.signal, item.comments.signal)
            bag.add(
                counts.subscribeNext { [weak self, weak item] favorites, comments in
                    guard let self, let item, let favorites, let comments, self.isTop else { return }
                    self.console.print(
                        "row \(item.row) \(item.title.quotedForTerminal): \(favorites.counted("favorite")), \(comments.counted("comment"))"
                    )
                })
        }
        return item
    }

    public func open(row: Int, services: any ViewModelServices) -> Result<RowAction, ViewRefusal> {
        let photos = results.photos
        guard !photos.isEmpty else { return .failure(ViewRefusal("the results are empty: no photo to open")) }
        return photos.openPager(at: row, listHas: "the results have", services: services)
    }

    public func promptPart(separator: String, unicode: Bool) -> String {
        let quoted = results.title.quotedForTerminal
        let shortened = quoted.count > 32 ? quoted.prefix(30) + (unicode ? "…\"" : "...\"") : quoted
        return "search" + separator + shortened
    }

    /// Shows exactly `rows` (hiding the rest), as scrolling a table would.
    public func setVisible(_ rows: ClosedRange<Int>) {
        precondition(rows.lowerBound >= 1 && rows.upperBound <= rowCount, "rows are checked by the caller")
        visibleRows = rows
        // Hide first, then show, each in row order, so event order never depends on the range's
        // history. Only a row already made can be visible; a row is made when it is first shown.
        for item in results.madeItems where !rows.contains(item.row) && item.isVisible.value { item.setVisible(false) }
        for row in rows {
            if let item = item(at: row), !item.isVisible.value { item.setVisible(true) }
        }
    }

    /// As many rows as are visible, further down (positive) or up, as a table scrolls by what it
    /// shows, so no row is skipped; nil when already at that end.
    public func page(_ direction: Int) -> ClosedRange<Int>? {
        guard let current = visibleRows else { return nil }
        let count = current.count
        let start = current.lowerBound + direction * count
        let clampedStart = min(max(start, 1), max(rowCount - count + 1, 1))
        let next = clampedStart...min(clampedStart + count - 1, rowCount)
        return next == current ? nil : next
    }

    public func render() {
        console.print(style.bold(results.title.quotedForTerminal) + ": " + summary)
        renderVisibleRows()
    }

    /// The photo count line: how many are listed out of how many match.
    var summary: String {
        if rowCount == 0 {
            let near = results.suggestions.map { $0.terminalField() }
            return near.isEmpty ? "no photos" : "no photos; did you mean \(near.joined(separator: ", "))?"
        }
        return "\(rowCount.grouped) of \(results.totalResults.counted("photo"))"
    }

    /// Prints the visible rows and which they are.
    public func renderVisibleRows() {
        guard let rows = visibleRows else { return }
        for row in rows {
            if let item = item(at: row) { console.print(describe(item)) }
        }
        console.print(style.dim("rows \(rows.lowerBound)-\(rows.upperBound) of \(rowCount) visible"))
    }

    private func describe(_ item: PhotoItemViewModel) -> String {
        let number = SearchView.number(item.row, of: rowCount)
        var line = "  \(number)  \(item.title.quotedForTerminal) by \(item.photo.ownerName.terminalField())"
        if let favorites = item.favorites.value, let comments = item.comments.value {
            line += style.dim(" · \(favorites.counted("favorite")), \(comments.counted("comment"))")
        }
        return line
    }

    /// Ties a subscription made on this list's behalf (`fetch`) to the View's life.
    public func keep(_ subscription: any Disposable) { bag.add(subscription) }

    public func dispose() { bag.dispose() }
}
