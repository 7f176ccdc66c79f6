import TerminalViews
import ViewModels

/// What Tab offers for the text before the cursor: pure, so it is tested without a terminal.
@MainActor
struct Completer {
    let shell: Shell

    /// The candidates for the word being typed, and where that word starts in `prefix`.
    func complete(_ prefix: String) -> (word: Substring, candidates: [String]) {
        let wordStart = prefix.lastIndex(where: \.isWhitespace).map { prefix.index(after: $0) } ?? prefix.startIndex
        let word = prefix[wordStart...]
        let before = prefix[..<wordStart].split(whereSeparator: \.isWhitespace).map(String.init)
        let options: [String]
        if before.isEmpty {
            options = Shell.commands.map(\.name)
        } else {
            options = arguments(for: before[0].lowercased(), position: before.count)
        }
        // Only text that is safe to put on the line: stored searches could hold anything.
        return (word, options.filter { $0.hasPrefix(word) && $0 == $0.sanitizedForTerminal })
    }

    /// The values an argument can take at `position` (1 = first argument).
    private func arguments(for command: String, position: Int) -> [String] {
        switch (command, position) {
        case ("help", 1): return Shell.commands.map(\.name)
        case ("wait", 1): return ["idle", "500ms", "1s", "2s", "5s"]
        case ("scroll", 1): return ["down", "up"]
        case ("trace", 1): return ["on", "off"]
        case ("set", 1): return ["pipeline"]
        case ("set", 2): return MetadataPipeline.allCases.map(\.rawValue)
        case ("net", 1): return ["online", "offline", "slow", "flaky"]
        case ("fetch", 3): return ["cold", "shared"]
        case ("search", 1), ("text", 1):
            // Recent texts of one word; several words are completed whole from the first.
            return shell.searchViewModel.recentSearches.value.map(\.searchText)
        case ("open", 1):
            switch navigator.top {
            case is SearchView: return numbers(shell.searchViewModel.recentSearches.value.count)
            case let results as SearchResultsView: return numbers(results.rowCount)
            case let gallery as GalleryView: return numbers(gallery.gallery.photos.value.count)
            default: return []
            }
        case ("visible", 1):
            guard let results = navigator.top as? SearchResultsView else { return [] }
            return numbers(results.rowCount)
        default:
            return []
        }
    }

    private var navigator: Navigator { shell.navigator }

    private func numbers(_ count: Int) -> [String] { count > 0 ? (1...count).map(String.init) : [] }

    /// The longest text every candidate starts with.
    static func commonPrefix(_ candidates: [String]) -> String {
        guard var prefix = candidates.first else { return "" }
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}
