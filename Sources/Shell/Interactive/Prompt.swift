import TerminalViews
import ViewModels

extension Shell {
    /// Where the user is in the navigation stack, e.g. `vmsh search›"sunset"› `.
    public func prompt(unicode: Bool) -> String {
        let separator = unicode ? "›" : ">"
        var parts: [String] = []
        for view in navigator.stack.dropFirst() {
            switch view {
            case let results as SearchResultsView:
                let quoted = results.results.title.quotedForTerminal
                parts.append("search" + separator + (quoted.count > 32 ? quoted.prefix(30) + (unicode ? "…\"" : "...\"") : quoted))
            case let pager as PhotoPagerView:
                parts.append("photo \(pager.pager.index.value + 1)")
            case is GalleryView:
                parts.append("popular")
            default:
                parts.append(view.viewModel.title.sanitizedForTerminal)
            }
        }
        return (["vmsh"] + [parts.joined(separator: separator)]).filter { !$0.isEmpty }.joined(separator: " ") + separator + " "
    }
}
