import TerminalViews
import ViewModels

/// What Tab offers for the text before the cursor, read from the commands' declared
/// parameters: pure, so it is tested without a terminal.
@MainActor
public struct Completer {
    let shell: Shell

    public init(shell: Shell) { self.shell = shell }

    /// The candidates for the word being typed, and where that word starts in `prefix`.
    public func complete(_ prefix: String) -> (word: Substring, candidates: [String]) {
        let wordStart = prefix.lastIndex(where: \.isWhitespace).map { prefix.index(after: $0) } ?? prefix.startIndex
        let word = prefix[wordStart...]
        let before = prefix[..<wordStart].split(whereSeparator: \.isWhitespace).map(String.init)
        let options: [String]
        if let name = before.first {
            let parameters = shell.table.command(named: name.lowercased())?.parameters ?? []
            options = arguments(parameters, position: before.count, previous: before.last ?? "")
        } else {
            options = shell.table.commands.map { $0.name }
        }
        // Only text that is safe to put on the line: stored searches could hold anything.
        return (word, options.filter { $0.hasPrefix(word) && $0 == $0.sanitizedForTerminal })
    }

    /// The values the argument at `position` (1 = first) can take. A text parameter is
    /// completed whole from its first word: later words add nothing.
    private func arguments(_ parameters: [Parameter], position: Int, previous: String) -> [String] {
        guard parameters.indices.contains(position - 1) else { return [] }
        if let completion = parameters[position - 1].completion { return values(completion, previous: previous) }
        switch parameters[position - 1].kind {
        case .text(let suggestions), .word(let suggestions): return values(suggestions, previous: previous)
        case .choice(let choices): return choices
        case .duration(let words): return words + ["500ms", "1s", "2s", "5s"]
        case .row: return numbers((navigator.top as? any RowOpening)?.openableRowCount ?? 0)
        case .rows: return numbers((navigator.top as? any ResultRows)?.rowCount ?? 0)
        case .number: return []
        }
    }

    private func values(_ suggestions: Parameter.Suggestions, previous: String) -> [String] {
        switch suggestions {
        case .none: return []
        case .commandNames: return shell.table.commands.map { $0.name }
        case .recentSearchTexts: return navigator.search?.recentSearches.value.map(\.searchText) ?? []
        case .after(let words): return words[previous.lowercased()] ?? []
        case .reading(let read): return read(previous, shell.context)
        }
    }

    private var navigator: Navigator { shell.navigator }

    private func numbers(_ count: Int) -> [String] { count > 0 ? (1...count).map(String.init) : [] }

    /// The longest text every candidate starts with.
    public static func commonPrefix(_ candidates: [String]) -> String {
        guard var prefix = candidates.first else { return "" }
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}
