import ViewModels

/// A View for one ViewModel on the stack. It binds to the ViewModel's properties in `init`
/// and prints their changes, but only while it is on top (`isTop`), as only the top screen shows.
@MainActor
public protocol TerminalView: AnyObject {
    var viewModel: any ViewModel { get }
    /// True while this View is the top of the stack; only then does it print updates.
    var isTop: Bool { get set }
    /// Prints the whole current state (on push, `back` and `show`).
    func render()
    /// Ends the bindings.
    func dispose()
    /// The ViewModel's properties and their current values, for `inspect`.
    func inspect() -> [(name: String, value: String)]
}

extension TerminalView {
    public func inspect() -> [(name: String, value: String)] {
        [("title", viewModel.title.quotedForTerminal)]
    }
}
