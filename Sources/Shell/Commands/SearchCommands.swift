import TerminalViews
import ViewModels

/// `search`, `text` and `go`: the search screen's text binding and its command.
extension CommandTable {
    package static let searchCommands: [ShellCommand] = [
        ShellCommand(
            name: "search", parameters: [.init(name: "TEXT", kind: .text(suggestions: .recentSearchTexts))],
            summary: "go back to the root, set searchText and execute the search command",
            example: "search sunset",
            details: [
                "with --service flickr, a line holding the API key (in any case or escaping) runs with [redacted] "
                    + "in its place, and vmsh says so once"
            ],
            misuse: "search needs a text: search TEXT (for example: search sunset)",
            run: { arguments, context throws(CommandFailure) in
                try SearchActions(context).search(arguments.text(0) ?? "")
            }),
        ShellCommand(
            name: "text", parameters: [.init(name: "TEXT", kind: .text(suggestions: .recentSearchTexts))],
            summary: "set searchText only, to watch isSearchValid change (the first half of search)",
            example: "text sun", misuse: "text needs a text: text TEXT (for example: text sunset)",
            run: { arguments, context throws(CommandFailure) in
                try SearchActions(context).bindText(arguments.text(0) ?? "")
                return .succeeded
            }),
        ShellCommand(
            name: "go",
            summary: "execute the search command with the current text (the second half of search)",
            example: "go", tooMany: "go takes no arguments; to search for a text: search TEXT",
            run: { _, context throws(CommandFailure) in
                let actions = SearchActions(context)
                try actions.refuseWhileExecuting()
                context.navigator.popToRoot()
                return try actions.execute()
            }),
    ]
}

/// What searching means in ViewModel terms, shared by `search`, `go` and `open` at the root.
@MainActor
package struct SearchActions {
    let context: CommandContext
    package init(_ context: CommandContext) { self.context = context }

    /// From anywhere: back to the root, set searchText, execute the search command.
    func search(_ text: String) throws(CommandFailure) -> LineOutcome {
        try refuseWhileExecuting()
        try bindText(text)
        return try execute()
    }

    /// A refused search changes nothing: not the stack, not the text.
    func refuseWhileExecuting() throws(CommandFailure) {
        if context.search.executeSearch.isExecuting.value {
            throw CommandFailure("search is disabled: a search is already running")
        }
    }

    package func bindText(_ text: String) throws(CommandFailure) {
        guard text.count <= 200 else {
            throw CommandFailure("the search text is \(text.count) characters; the limit is 200")
        }
        context.navigator.popToRoot()
        context.search.setSearchText(text)
    }

    func execute() throws(CommandFailure) -> LineOutcome {
        let viewModel = context.search
        do {
            try viewModel.executeSearch.execute(())
        } catch {
            let why = viewModel.whySearchIsDisabled?.sanitizedForTerminal ?? "the command is not enabled"
            throw CommandFailure("search is disabled: \(why)")
        }
        return .succeeded
    }
}
