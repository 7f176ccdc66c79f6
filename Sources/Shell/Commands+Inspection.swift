import PhotoModel
import Reactive
import TerminalViews
import ViewModels

/// `set`, `inspect`, `stats`, `fetch` and `net`: the state behind the screen, and ways to change it.
extension Shell {
    func set(_ argument: String) throws(CommandFailure) -> LineOutcome {
        let words = argument.split(separator: " ").map { $0.lowercased() }
        if words.isEmpty {
            say("pipeline \(instrumentation.metadataPipeline.rawValue)")
            return .succeeded
        }
        guard words[0] == "pipeline" else {
            throw CommandFailure("no setting '\(words[0].sanitizedForTerminal.prefix(40))': the settings are: pipeline")
        }
        guard words.count == 2, let pipeline = MetadataPipeline(rawValue: words[1]) else {
            throw CommandFailure("set pipeline takes original or fixed")
        }
        instrumentation.metadataPipeline = pipeline
        say("pipeline \(pipeline.rawValue): applies to the rows of the next search")
        return .succeeded
    }

    func inspect(_ argument: String) throws(CommandFailure) -> LineOutcome {
        guard argument.isEmpty else { throw CommandFailure("inspect takes no arguments") }
        guard let top = navigator.top else { return .succeeded }
        say(Navigator.typeName(top.viewModel))
        let properties = top.inspect()
        let width = properties.map(\.name.count).max() ?? 0
        for (name, value) in properties {
            say("  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
        }
        return .succeeded
    }

    func stats(_ argument: String) throws(CommandFailure) -> LineOutcome {
        guard argument.isEmpty else { throw CommandFailure("stats takes no arguments") }
        if let counted = service as? any ServiceCallCounting {
            say("service calls")
            let methods = counted.calls.started.keys.sorted()
            if methods.isEmpty { say("  none yet") }
            let width = methods.map(\.count).max() ?? 0
            for method in methods {
                let started = counted.calls.started[method, default: 0]
                let cancelled = counted.calls.cancelled[method, default: 0]
                let failed = counted.calls.failed[method, default: 0]
                var line = "  " + method.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(started)"
                if cancelled > 0 { line += ", \(cancelled) cancelled" }
                if failed > 0 { line += ", \(failed) failed" }
                say(line)
            }
        }
        say("metadata calls saved by the visibility delay: \(instrumentation.savedMetadataCalls)")
        say("live ViewModels")
        let live = instrumentation.liveCounts
        let typeWidth = live.map(\.type.count).max() ?? 0
        for (type, count) in live { say("  " + type.padding(toLength: typeWidth, withPad: " ", startingAt: 0) + "  \(count)") }
        return .succeeded
    }

    func fetch(_ argument: String) throws(CommandFailure) -> LineOutcome {
        let words = argument.split(separator: " ").map(String.init)
        guard (2...3).contains(words.count), let row = Parse.row(words[0]), let count = Parse.row(words[1]),
            (1...10).contains(count)
        else { throw CommandFailure("fetch needs a row and a count from 1 to 10: fetch 1 2 [cold|shared]") }
        let shared: Bool
        switch words.count == 3 ? words[2].lowercased() : "cold" {
        case "cold": shared = false
        case "shared": shared = true
        default: throw CommandFailure("fetch takes cold or shared, not '\(words[2].sanitizedForTerminal.prefix(20))'")
        }
        guard let view = navigator.top as? SearchResultsView else {
            throw CommandFailure("fetch works on a results list; there is none on top (search TEXT first)")
        }
        guard (1...max(view.rowCount, 1)).contains(row), view.rowCount > 0 else {
            throw CommandFailure("no row \(row): the results have \(Self.rows(1...max(view.rowCount, 1)))")
        }
        let item = view.results.items[row - 1]
        let signal = shared ? item.fetchMetadata().replayLazily() : item.fetchMetadata()
        say("\(count) subscriber\(count == 1 ? "" : "s") to row \(row)'s \(shared ? "shared" : "cold") metadata signal")
        for subscriber in 1...count {
            // Owned by the results View: leaving the list ends these subscriptions too.
            view.keep(signal.subscribeNext({ [weak self] metadata in
                self?.say("  subscriber \(subscriber): \(metadata.favorites.counted("favorite")), \(metadata.comments.counted("comment"))")
            }, error: { [weak self] error in
                self?.say("  subscriber \(subscriber): error \("\(error)".sanitizedForTerminal)")
            }))
        }
        return .succeeded
    }

    func net(_ argument: String) throws(CommandFailure) -> LineOutcome {
        guard let simulated = service as? any NetworkSimulating else {
            throw CommandFailure("net works on the embedded catalog's simulated network, not on a real service")
        }
        let words = argument.split(separator: " ").map { $0.lowercased() }
        let condition: NetworkCondition
        switch (words.first, words.count) {
        case (nil, _):
            say("network \(simulated.network)")
            return .succeeded
        case ("online", 1): condition = .online
        case ("offline", 1): condition = .offline
        case ("slow", 2):
            guard let ms = Parse.row(words[1]), ms <= 60_000 else { throw CommandFailure("net slow takes milliseconds from 0 to 60000") }
            condition = .slow(extra: .milliseconds(ms))
        case ("flaky", 2):
            guard let percent = Parse.row(words[1]), percent <= 100 else { throw CommandFailure("net flaky takes a percentage from 0 to 100") }
            condition = .flaky(percent: percent)
        default:
            throw CommandFailure("net takes online, offline, slow MS or flaky PCT")
        }
        simulated.network = condition
        say("network \(condition)")
        return .succeeded
    }
}
