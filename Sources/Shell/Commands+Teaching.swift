import PhotoModel
import Reactive
import TerminalViews
import ViewModels

extension Shell {
    /// The instruments for teaching: what happens behind each command, drawn and checked.
    static let teachingCommands: [ShellCommand] = [
        ShellCommand(
            name: "trace", usage: "trace on|off [FILTER]",
            summary: "print every signal event as it happens (subscribed, next, error, completed, disposed)",
            example: "trace on row 3", run: { try $0.trace($1) }),
        ShellCommand(
            name: "marbles", usage: "marbles ROW|NAME",
            summary: "draw the recorded streams of a row (or of 'search') as marble diagrams",
            example: "marbles 3", run: { try $0.marbles($1) }),
        ShellCommand(
            name: "set", usage: "set [pipeline original|fixed]",
            summary: "show the settings, or run new rows' metadata pipeline as the tutorial wrote it or as vmsh does",
            example: "set pipeline original", run: { try $0.set($1) }),
        ShellCommand(
            name: "inspect", usage: "inspect",
            summary: "the top ViewModel's properties and their current values (the model of the view)",
            example: "inspect", run: { try $0.inspect($1) }),
        ShellCommand(
            name: "stats", usage: "stats",
            summary: "service calls per method, calls saved by the visibility delay, live ViewModels",
            example: "stats", run: { try $0.stats($1) }),
        ShellCommand(
            name: "fetch", usage: "fetch ROW COUNT [cold|shared]",
            summary: "subscribe COUNT times to a row's metadata signal: cold calls each time, shared once",
            example: "fetch 1 2 shared", run: { try $0.fetch($1) }),
        ShellCommand(
            name: "net", usage: "net online|offline|slow MS|flaky PCT",
            summary: "change the simulated network, to show connection errors and recovery",
            example: "net offline", run: { try $0.net($1) }),
        ShellCommand(
            name: "expect", usage: "expect TEXT",
            summary: "fail unless the previous command's output contained TEXT (lesson scripts as tests)",
            example: "expect 100 of 791 photos", run: { try $0.expect($1, present: true) },
            readsPreviousOutput: true),
        ShellCommand(
            name: "expect-error", usage: "expect-error TEXT",
            summary: "the previous command must have failed with TEXT in its error; then its failure does not count",
            example: "expect-error search is disabled", run: { try $0.expectError($1) },
            readsPreviousOutput: true),
        ShellCommand(
            name: "expect-not", usage: "expect-not TEXT",
            summary: "fail if the previous command's output contained TEXT",
            example: "expect-not favorites", run: { try $0.expect($1, present: false) },
            readsPreviousOutput: true),
    ]

    func trace(_ argument: String) throws(CommandFailure) -> LineOutcome {
        let words = argument.split(separator: " ", maxSplits: 1).map(String.init)
        switch words.first?.lowercased() {
        case "on":
            let filter = words.count > 1 ? words[1].lowercased() : nil
            traceSubscription?.dispose()
            let live = clock.isLive
            traceSubscription = instrumentation.eventLog.live
                .filter { filter == nil || Self.stream($0.stream, matches: filter!) }
                .subscribeNext { [weak self] event in self?.say(Self.describe(event, withTime: live)) }
            say("trace on" + (filter.map { " (streams named with \"\($0.sanitizedForTerminal)\")" } ?? ""))
        case "off":
            guard words.count == 1 else { throw CommandFailure("trace off takes no filter") }
            traceSubscription?.dispose()
            traceSubscription = nil
            say("trace off")
        default:
            throw CommandFailure("trace needs on or off: trace on [FILTER] or trace off")
        }
        return .succeeded
    }

    /// True when the filter's words appear in the stream's name as whole words, in order:
    /// "row 3" matches "row 3 · favorites" but not "row 30 · favorites".
    static func stream(_ name: String, matches filter: String) -> Bool {
        let words = name.lowercased().split(separator: " ")
        let wanted = filter.split(separator: " ")
        guard !wanted.isEmpty, words.count >= wanted.count else { return false }
        return (0...(words.count - wanted.count)).contains { Array(words[$0..<($0 + wanted.count)]) == wanted }
    }

    static func describe(_ event: TraceEvent, withTime: Bool) -> String {
        let what: String
        switch event.kind {
        case .subscribed: what = "subscribed"
        case .next(let value): what = "next \(value)"
        case .failed(let error): what = "error \(error)"
        case .completed: what = "completed"
        case .disposed: what = "disposed (cancelled)"
        }
        let time = withTime ? ShellClock.format(event.time) + " " : ""
        return "trace \(time)\(event.stream): \(what)".sanitizedForTerminal
    }

    func marbles(_ argument: String) throws(CommandFailure) -> LineOutcome {
        guard !argument.isEmpty else { throw CommandFailure("marbles needs a row number or a name: marbles 3, marbles search") }
        let prefix = Parse.row(argument).map { "row \($0)" } ?? argument.lowercased()
        let lines = MarbleDiagram.render(instrumentation.eventLog.events, prefix: prefix)
        guard !lines.isEmpty else {
            throw CommandFailure("nothing recorded for \(prefix.sanitizedForTerminal): search first, then make rows visible")
        }
        lines.forEach(say)
        return .succeeded
    }

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
            let methods = counted.callCounts.keys.sorted()
            if methods.isEmpty { say("  none yet") }
            let width = methods.map(\.count).max() ?? 0
            for method in methods {
                let started = counted.callCounts[method, default: 0]
                let cancelled = counted.cancelledCounts[method, default: 0]
                let failed = counted.failedCounts[method, default: 0]
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

    func expectError(_ text: String) throws(CommandFailure) -> LineOutcome {
        guard !text.isEmpty else { throw CommandFailure("expect-error needs a text") }
        guard let failure = previousFailure else { throw CommandFailure("expected the previous command to fail, but it succeeded") }
        guard failure.contains(text) else {
            throw CommandFailure("expected the previous command's error to contain \"\(text.sanitizedForTerminal.prefix(80))\"")
        }
        // Forgiven once: a second expect-error on the same failure must not retract another.
        previousFailure = nil
        return .forgavePreviousFailure
    }

    func expect(_ text: String, present: Bool) throws(CommandFailure) -> LineOutcome {
        guard !text.isEmpty else { throw CommandFailure("\(present ? "expect" : "expect-not") needs a text") }
        let found = output.sinceCommand.contains(text)
        if found != present {
            let shown = text.sanitizedForTerminal.prefix(80)
            throw CommandFailure(
                present
                    ? "expected the previous command's output to contain \"\(shown)\""
                    : "expected the previous command's output not to contain \"\(shown)\"")
        }
        return .succeeded
    }
}
