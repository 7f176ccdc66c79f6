import PhotoModel
import Reactive
import TerminalText
import ViewModels

/// A View for one ViewModel on the stack. It binds to the ViewModel's properties in `init`
/// and prints their changes, but only while it is on top (`isTop`), as only the top screen shows.
///
/// The shell never names a concrete View: it asks the top View through this protocol and the
/// small capability protocols below (a list of rows, a pager), so a new View needs no shell change.
@MainActor
public protocol TerminalView: AnyObject {
    var viewModel: any ViewModel { get }
    /// True while this View is the top of the stack; only then does it print updates.
    var isTop: Bool { get set }
    /// Prints the whole current state (on push, `back` and `show`).
    func render()
    /// Ends the bindings.
    func dispose()
    /// This View's part of the prompt (`search›"sunset"`, `photo 3`), already safe to print.
    func promptPart(separator: String, unicode: Bool) -> String
    /// Why `command` does nothing here, when this View has a better hint than the shell's own.
    func hint(for command: String) -> String?
}

extension TerminalView {
    public func promptPart(separator: String, unicode: Bool) -> String { viewModel.title.terminalField(limit: 30) }
    public func hint(for command: String) -> String? { nil }
}

/// Why a View refused a request, in one line for the user.
public struct ViewRefusal: Error, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// What `open N` does on a list.
public enum RowAction {
    /// Show this ViewModel on top (the photo pager).
    case push(any ViewModel)
    /// Run this search again (a recent search at the root).
    case search(String)
}

/// A View whose rows `open N` names: a photo list, or the recent searches at the root.
@MainActor
public protocol RowOpening: TerminalView {
    /// How many rows `open N` can name now (for Tab completion).
    var openableRowCount: Int { get }
    /// What opening `row` (from 1) means here, or why it cannot be opened.
    func open(row: Int, services: any ViewModelServices) -> Result<RowAction, ViewRefusal>
}

/// A list of result rows with a visible range, as a scrolled table has: `visible`, `scroll`,
/// and the instruments that name a row (`marbles ROW`, `fetch ROW`).
@MainActor
public protocol ResultRows: TerminalView {
    /// The list's name as the user knows it (the search text).
    var listTitle: String { get }
    var rowCount: Int { get }
    /// The rows on screen, numbered from 1; nil when the list is empty.
    var visibleRows: ClosedRange<Int>? { get }
    /// The row's ViewModel, from 1, made if it was not yet; nil out of range.
    func item(at row: Int) -> PhotoItemViewModel?
    /// Shows exactly `rows` (hiding the rest); the caller checks they exist.
    func setVisible(_ rows: ClosedRange<Int>)
    /// The rows one page further down (positive) or up; nil when already at that end.
    func page(_ direction: Int) -> ClosedRange<Int>?
    /// Prints the visible rows and which they are.
    func renderVisibleRows()
    /// Ties a subscription made on this list's behalf (`fetch`) to the View's life.
    func keep(_ subscription: any Disposable)
}

/// A View that pages through photos one at a time (`next`, `prev`).
@MainActor
public protocol PhotoPaging: TerminalView {
    /// Moves one photo forward or back; the reason when it cannot.
    func page(forward: Bool) -> ViewRefusal?
}

/// The root View's list of recent searches (`recent`, completion of search texts).
@MainActor
public protocol RecentSearchListing: TerminalView {
    func renderRecent()
}

/// How the navigator makes a View for a ViewModel it is handed.
@MainActor
public protocol ViewForViewModel: TerminalView {
    /// The View for `viewModel`, or nil when it is not this View's kind of ViewModel.
    static func make(for viewModel: any ViewModel, console: any Console, style: Style) -> Self?
}

extension Array where Element == Photo {
    /// `open N` on a list of photos: the pager at photo N, or why not.
    @MainActor
    func openPager(at row: Int, listHas: String, services: any ViewModelServices) -> Result<RowAction, ViewRefusal> {
        guard let pager = PhotoPagerViewModel(photos: self, initialPhotoIndex: row - 1, services: services) else {
            return .failure(ViewRefusal("no row \(row): \(listHas) \(isEmpty ? "no rows" : rowsText(1...count))"))
        }
        return .success(.push(pager))
    }
}

/// "row 3" or "rows 1-10": how messages name rows.
public func rowsText(_ range: ClosedRange<Int>) -> String {
    range.count == 1 ? "row \(range.lowerBound)" : "rows \(range.lowerBound)-\(range.upperBound)"
}
