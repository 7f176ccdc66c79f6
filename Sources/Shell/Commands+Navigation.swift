import TerminalViews
import ViewModels

extension Shell {
    func back(_ argument: String) throws(CommandFailure) -> LineOutcome {
        guard argument.isEmpty else { throw CommandFailure("back takes no arguments") }
        guard navigator.pop() else { throw CommandFailure("already at the root (Flickr Search): nothing to go back to") }
        return .succeeded
    }

    func stack(_ argument: String) throws(CommandFailure) -> LineOutcome {
        guard argument.isEmpty else { throw CommandFailure("stack takes no arguments") }
        let views = navigator.stack
        for (index, view) in views.enumerated() {
            let state = view.isTop ? "active" : "inactive"
            let viewModel = view.viewModel
            say("  \(index + 1)  \(Navigator.typeName(viewModel)) \(viewModel.title.quotedForTerminal) (\(state))")
        }
        return .succeeded
    }

    func show(_ argument: String) throws(CommandFailure) -> LineOutcome {
        guard argument.isEmpty else { throw CommandFailure("show takes no arguments") }
        navigator.top?.render()
        return .succeeded
    }

    private func resultsView(for command: String) throws(CommandFailure) -> SearchResultsView {
        guard let view = navigator.top as? SearchResultsView else {
            if navigator.top is GalleryView {
                throw CommandFailure("\(command) works on a results list; the gallery shows its first rows: open N opens any photo, then next and prev page")
            }
            throw CommandFailure("\(command) works on a results list; there is none on top (search TEXT first)")
        }
        guard view.rowCount > 0 else { throw CommandFailure("the results are empty: there are no rows (\(command) needs some)") }
        return view
    }

    func visible(_ argument: String) throws(CommandFailure) -> LineOutcome {
        let view = try resultsView(for: "visible")
        guard let rows = Parse.rowRange(argument) else {
            throw CommandFailure("visible needs rows A-B (for example: visible 1-10), with A no greater than B")
        }
        let all = 1...view.rowCount
        guard rows.lowerBound >= 1 else { throw CommandFailure("no row 0: the results have \(Self.rows(all))") }
        guard rows.upperBound <= view.rowCount else {
            throw CommandFailure("no row \(rows.upperBound): the results have \(Self.rows(all))")
        }
        view.setVisible(rows)
        view.renderVisibleRows()
        return .succeeded
    }

    func scroll(_ argument: String) throws(CommandFailure) -> LineOutcome {
        let direction: Int
        switch argument.lowercased() {
        case "down": direction = 1
        case "up": direction = -1
        default: throw CommandFailure("scroll needs a direction: scroll down or scroll up")
        }
        let view = try resultsView(for: "scroll")
        guard let rows = view.page(direction) else {
            say("already at the \(direction > 0 ? "bottom" : "top") of the list")
            return .succeeded
        }
        view.setVisible(rows)
        view.renderVisibleRows()
        return .succeeded
    }

    func wait(_ argument: String) throws(CommandFailure) -> LineOutcome {
        if argument == "idle" {
            if !clock.waitUntilIdle(limit: drainTimeout, interrupted: isInterrupted) {
                if isInterrupted() { throw CommandFailure("wait interrupted") }
                throw CommandFailure("still busy after \(ShellClock.format(drainTimeout)): \(clock.pendingCount) timers pending")
            }
            return .succeeded
        }
        guard let interval = Parse.duration(argument) else {
            throw CommandFailure("wait needs a duration such as 500ms, 2s, 1.5s or 1m, or 'idle'")
        }
        guard clock.wait(interval, interrupted: isInterrupted) else { throw CommandFailure("wait interrupted") }
        return .succeeded
    }

    func help(_ argument: String) throws(CommandFailure) -> LineOutcome {
        if argument.isEmpty {
            let width = Self.commands.map(\.usage.count).max() ?? 0
            for command in Self.commands {
                say("  " + command.usage.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + command.summary)
            }
            say("Lines starting with # are comments. 'help COMMAND' shows an example.")
            return .succeeded
        }
        guard let command = Self.command(named: argument.lowercased()) else {
            let shown = argument.sanitizedForTerminal.prefix(40)
            let hint = Self.suggestion(for: argument).map { " (did you mean '\($0)'?)" } ?? ""
            throw CommandFailure("no command '\(shown)' to explain\(hint)")
        }
        say("usage: \(command.usage)")
        say("  \(command.summary)")
        say("  example: \(command.example)")
        return .succeeded
    }
}

extension String {
    /// Foundation-free left-justified padding.
    func padding(toLength length: Int, withPad pad: Character, startingAt _: Int) -> String {
        count >= length ? self : self + String(repeating: pad, count: length - count)
    }
}
