import TerminalViews
import ViewModels

/// `open`, `back`, `visible`, `scroll`, `recent`, `stack` and `show`: moving through the stack
/// and through a list, as a person taps and scrolls.
extension CommandTable {
    package static let navigationCommands: [ShellCommand] = [
        ShellCommand(
            name: "open", parameters: [.init(name: "N", kind: .row)],
            summary: "on results: open photo N; at the root: run recent search N again",
            example: "open 1", misuse: "open needs a row number: open N (for example: open 1)",
            tooMany: "open takes one row number: open N (for example: open 1)",
            run: { arguments, context throws(CommandFailure) in
                guard let list = context.navigator.top as? any RowOpening else {
                    throw CommandFailure(
                        "open works on a results list, the gallery, or the recent searches at the root; "
                            + "'back' returns there")
                }
                switch list.open(row: arguments.number(0) ?? 0, services: context.navigator) {
                case .failure(let refusal): throw CommandFailure(refusal.message)
                case .success(.push(let viewModel)): context.navigator.push(viewModel)
                case .success(.search(let text)): return try SearchActions(context).search(text)
                }
                return .succeeded
            }),
        ShellCommand(
            name: "back",
            summary: "pop the top ViewModel, cancelling its work, and show the one below",
            example: "back",
            run: { _, context throws(CommandFailure) in
                guard context.navigator.pop() else {
                    throw CommandFailure("already at the root (Flickr Search): nothing to go back to")
                }
                return .succeeded
            }),
        ShellCommand(
            name: "visible", parameters: [.init(name: "A-B", kind: .rows)],
            summary: "make result rows A to B the visible ones, as a scrolled table would",
            example: "visible 11-20",
            misuse: "visible needs rows A-B (for example: visible 1-10), with A no greater than B",
            run: { arguments, context throws(CommandFailure) in
                let list = try resultRows(context, for: "visible")
                guard let rows = arguments.rows(0) else { throw CommandFailure("visible needs rows A-B") }
                guard rows.lowerBound >= 1 else { throw CommandFailure("no row 0: the results have \(list.rowsText)") }
                guard rows.upperBound <= list.rowCount else {
                    throw CommandFailure("no row \(rows.upperBound): the results have \(list.rowsText)")
                }
                list.setVisible(rows)
                list.renderVisibleRows()
                return .succeeded
            }),
        ShellCommand(
            name: "scroll", parameters: [.init(name: "down|up", kind: .choice(["down", "up"]))],
            summary: "move the visible rows one page down or up",
            example: "scroll down", misuse: "scroll needs a direction: scroll down or scroll up",
            run: { arguments, context throws(CommandFailure) in
                let direction = arguments.text(0) == "up" ? -1 : 1
                let list = try resultRows(context, for: "scroll")
                guard let rows = list.page(direction) else {
                    context.say("already at the \(direction > 0 ? "bottom" : "top") of the list")
                    return .succeeded
                }
                list.setVisible(rows)
                list.renderVisibleRows()
                return .succeeded
            }),
        ShellCommand(
            name: "recent",
            summary: "list the recent searches: text, total matches, first photo",
            example: "recent", effect: .readsOnly,
            isListing: true,
            run: { _, context throws(CommandFailure) in
                (context.navigator.root as? any RecentSearchListing)?.renderRecent()
                return .succeeded
            }),
        ShellCommand(
            name: "stack",
            summary: "print the navigation stack, each ViewModel with its active state",
            example: "stack", effect: .readsOnly,
            isListing: true,
            run: { _, context throws(CommandFailure) in
                for (index, view) in context.navigator.stack.enumerated() {
                    let state = view.isTop ? "active" : "inactive"
                    let viewModel = view.viewModel
                    let name = Navigator.typeName(viewModel)
                    context.say("  \(index + 1)  \(name) \(viewModel.title.quotedForTerminal) (\(state))")
                }
                return .succeeded
            }),
        ShellCommand(
            name: "show",
            summary: "render the top View again",
            example: "show", effect: .readsOnly,
            run: { _, context throws(CommandFailure) in
                context.navigator.top?.render()
                return .succeeded
            }),
    ]

    /// The results list on top with at least one row, or why `command` cannot use it.
    package static func resultRows(_ context: CommandContext, for command: String) throws(CommandFailure)
        -> any ResultRows
    {
        guard let list = context.navigator.top as? any ResultRows else {
            throw CommandFailure(
                context.navigator.top?.hint(for: command)
                    ?? "\(command) works on a results list; there is none on top (search TEXT first)")
        }
        guard list.rowCount > 0 else {
            throw CommandFailure("the results are empty: there are no rows (\(command) needs some)")
        }
        return list
    }
}

extension ResultRows {
    /// "rows 1-100": the rows this list has, for messages.
    package var rowsText: String { rowCount == 0 ? "no rows" : TerminalViews.rowsText(1...rowCount) }
}
