import Playground
import Reactive
import TerminalViews
import ViewModels

/// The app's own streams as the playground sees them: `search searchText`, `row 3 isVisible`.
@MainActor
final class AppStreamsAdapter: AppStreams {
    private weak var navigator: Navigator?

    init(navigator: Navigator) { self.navigator = navigator }

    static let searchNames = ["searchText", "isSearchValid", "executing", "enabled"]
    static let rowNames = ["isVisible", "favorites", "comments"]

    func signal(named words: [String]) -> Result<Signal<PlayValue>, PlaygroundError> {
        guard let navigator else { return .failure(PlaygroundError("the app has ended")) }
        if words.first == "search" {
            guard let search = navigator.search, words.count == 2 else {
                let names = Self.searchNames.joined(separator: ", ")
                return .failure(PlaygroundError("expected search NAME, NAME one of " + names))
            }
            switch words[1] {
            case "searchText": return .success(search.searchText.signal.map { .text(PlayValue.safe($0)) })
            case "isSearchValid": return .success(search.isSearchValid.signal.map { .bool($0) })
            case "executing": return .success(search.executeSearch.isExecuting.signal.map { .bool($0) })
            case "enabled": return .success(search.executeSearch.isEnabled.signal.map { .bool($0) })
            default:
                let name = PlayValue.safe(words[1], limit: 24)
                let names = Self.searchNames.joined(separator: ", ")
                return .failure(PlaygroundError("no search stream \(name): its streams are " + names))
            }
        }
        guard words.count == 3, let row = Int(words[1]) else {
            let names = Self.rowNames.joined(separator: ", ")
            return .failure(PlaygroundError("expected row N NAME, NAME one of " + names))
        }
        guard let list = navigator.top as? any ResultRows, let item = list.item(at: row) else {
            return .failure(PlaygroundError("no row \(row) on screen: row N NAME needs a results list on top"))
        }
        switch words[2] {
        case "isVisible": return .success(item.isVisible.signal.map { .bool($0) })
        case "favorites": return .success(item.favorites.signal.map { $0.map { .number($0) } ?? .text("none") })
        case "comments": return .success(item.comments.signal.map { $0.map { .number($0) } ?? .text("none") })
        default:
            return .failure(
                PlaygroundError(
                    "no row stream \(PlayValue.safe(words[2], limit: 24)): a row's are "
                        + Self.rowNames.joined(separator: ", ")))
        }
    }
}
