import PhotoModel
import Shell
import TerminalViews
import ViewModels

/// `inspect` and `stats`: the state behind the screen.
extension CommandTable {
    package static let inspect: ShellCommand = ShellCommand(
        name: "inspect", parameters: [.init(name: "N|row N", kind: .text(suggestions: .none), isOptional: true)],
        synopsis: "inspect [N|row N]",
        summary: "a ViewModel's properties: the top one, stack entry N, or row N's item ViewModel",
        example: "inspect row 3", misuse: "inspect takes a stack position or a row: inspect 1, inspect row 3",
        effect: .readsOnly, isListing: true,
        run: { arguments, context throws(CommandFailure) in
            let words = (arguments.text(0) ?? "").split(separator: " ").map(String.init)
            let properties: [(name: String, value: String)]
            if words.count == 2, words[0] == "row", let row = Parse.row(words[1]) {
                let list = try resultRows(context, for: "inspect row")
                guard let item = list.item(at: row) else {
                    throw CommandFailure("no row \(row): the results have \(list.rowsText)")
                }
                context.say(_typeName(Swift.type(of: item), qualified: false))
                properties = item.inspection()
            } else {
                let stack = context.navigator.stack
                var view = context.navigator.top
                if let position = words.first {
                    guard words.count == 1, let index = Parse.row(position), (1...stack.count).contains(index) else {
                        throw CommandFailure("inspect takes a stack position from 1 to \(stack.count), or row N")
                    }
                    view = stack[index - 1]
                }
                guard let view else { return .succeeded }
                context.say(Navigator.typeName(view.viewModel))
                properties = view.viewModel.inspection()
            }
            let width = properties.map(\.name.count).max() ?? 0
            for (name, value) in properties { context.say("  " + name.padded(to: width) + "  " + value) }
            return .succeeded
        })

    package static let stats: ShellCommand = ShellCommand(
        name: "stats", parameters: [.init(name: "reset", kind: .choice(["reset"]), isOptional: true)],
        summary: "service calls per method, calls saved by the visibility delay, live ViewModels; "
            + "stats reset counts again from zero",
        example: "stats", misuse: "stats takes nothing, or reset",
        effect: .readsOnlyWithoutArguments, isListing: true,
        run: { arguments, context throws(CommandFailure) in
            if arguments.text(0) == "reset" {
                (context.service as? any ServiceCallCounting)?.resetCounts()
                context.instrumentation.resetSavedCalls()
                context.say("stats reset: service calls and saved calls count from zero")
                return .succeeded
            }
            if let counted = context.service as? any ServiceCallCounting {
                // The counts are the session's, not the search's on screen: said so.
                context.say("service calls, all searches (since the start or stats reset)")
                let calls = counted.calls
                let methods = calls.started.keys.sorted()
                if methods.isEmpty { context.say("  none yet") }
                let width = methods.map(\.count).max() ?? 0
                for method in methods {
                    var line = "  " + method.padded(to: width) + "  \(calls.started[method, default: 0])"
                    let cancelled = calls.cancelled[method, default: 0]
                    let failed = calls.failed[method, default: 0]
                    if cancelled > 0 { line += ", \(cancelled) cancelled" }
                    if failed > 0 { line += ", \(failed) failed" }
                    context.say(line)
                }
            }
            let instrumentation = context.instrumentation
            context.say("metadata calls saved by the visibility delay: \(instrumentation.savedMetadataCalls)")
            context.say("live ViewModels")
            let live = instrumentation.liveCounts
            let width = live.map(\.type.count).max() ?? 0
            for (type, count) in live { context.say("  " + type.padded(to: width) + "  \(count)") }
            return .succeeded
        })
}
