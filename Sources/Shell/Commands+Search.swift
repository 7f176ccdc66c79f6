import Reactive
import TerminalViews
import ViewModels

extension Shell {
    func search(_ text: String) throws(CommandFailure) -> LineOutcome {
        guard !text.isEmpty else { throw CommandFailure("search needs a text: search TEXT (for example: search sunset)") }
        try refuseWhileExecuting()
        try bindText(text)
        return try execute()
    }

    /// A refused search changes nothing: not the stack, not the text.
    private func refuseWhileExecuting() throws(CommandFailure) {
        if searchViewModel.executeSearch.isExecuting.value {
            throw CommandFailure("search is disabled: a search is already running")
        }
    }

    func setText(_ text: String) throws(CommandFailure) -> LineOutcome {
        guard !text.isEmpty else { throw CommandFailure("text needs a text: text TEXT (for example: text sunset)") }
        try bindText(text)
        return .succeeded
    }

    func go(_ argument: String) throws(CommandFailure) -> LineOutcome {
        guard argument.isEmpty else { throw CommandFailure("go takes no arguments; to search for a text: search TEXT") }
        try refuseWhileExecuting()
        navigator.popToRoot()
        return try execute()
    }

    private func bindText(_ text: String) throws(CommandFailure) {
        guard text.count <= 200 else { throw CommandFailure("the search text is \(text.count) characters; the limit is 200") }
        navigator.popToRoot()
        searchViewModel.setSearchText(text)
    }

    private func execute() throws(CommandFailure) -> LineOutcome {
        let viewModel = searchViewModel
        do {
            try viewModel.executeSearch.execute(())
        } catch {
            let why = viewModel.whySearchIsDisabled?.sanitizedForTerminal ?? "the command is not enabled"
            throw CommandFailure("search is disabled: \(why)")
        }
        return .succeeded
    }

    func open(_ argument: String) throws(CommandFailure) -> LineOutcome {
        guard let row = Parse.row(argument) else {
            if argument.contains(where: \.isWhitespace) { throw CommandFailure("open takes one row number: open N (for example: open 1)") }
            throw CommandFailure("open needs a row number: open N (for example: open 1)")
        }
        if let opened = try openPhoto(row) { return opened }
        guard navigator.top is SearchView else {
            throw CommandFailure("open works on a results list, the gallery, or the recent searches at the root; 'back' returns there")
        }
        let recent = searchViewModel.recentSearches.value
        guard !recent.isEmpty else { throw CommandFailure("no recent searches yet: search TEXT first") }
        guard (1...recent.count).contains(row) else {
            throw CommandFailure("no recent search \(row): the list has \(Self.rows(1...recent.count))")
        }
        return try search(recent[row - 1].searchText)
    }

    func recent(_ argument: String) throws(CommandFailure) -> LineOutcome {
        guard argument.isEmpty else { throw CommandFailure("recent takes no arguments") }
        guard let root = navigator.root else { return .succeeded }
        root.renderRecent()
        return .succeeded
    }

    static func rows(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "row \(range.lowerBound)" : "rows \(range.lowerBound)-\(range.upperBound)"
    }
}

extension Shell {
    /// Cancels the running search, if any (Ctrl-C); true when there was one.
    public func cancelRunningWork() -> Bool {
        let command = searchViewModel.executeSearch
        guard command.isExecuting.value else { return false }
        command.cancel()
        return true
    }
}
