import PhotoModel
import Reactive
import TerminalViews
import ViewModels

/// `trace` and `marbles`: the signal events behind each command, live and drawn.
extension Shell {
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

    /// True when the filter's words appear in the stream's name in order, each a whole word or,
    /// unless it is a number, the start of one: "row 3" matches "row 3 · favorites" but not
    /// "row 30 · favorites"; "row 1 · delay" matches "row 1 · delay(1s)".
    static func stream(_ name: String, matches filter: String) -> Bool {
        let words = name.lowercased().split(separator: " ")
        let wanted = filter.split(separator: " ")
        guard !wanted.isEmpty, words.count >= wanted.count else { return false }
        func fits(_ word: Substring, _ want: Substring) -> Bool {
            word == want || !want.allSatisfy(\.isNumber) && word.hasPrefix(want)
        }
        return (0...(words.count - wanted.count)).contains { start in
            zip(words[start...], wanted).allSatisfy(fits)
        }
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
        let prefix: String
        if let row = Parse.row(argument) {
            // A row of the list on screen: "row 1" of an earlier search is another photo.
            guard let view = navigator.top as? SearchResultsView else {
                throw CommandFailure("marbles ROW works on a results list on top; 'marbles search' works anywhere")
            }
            guard (1...max(view.rowCount, 1)).contains(row), view.rowCount > 0 else {
                throw CommandFailure("no row \(row): the results have \(view.rowCount == 0 ? "no rows" : Self.rows(1...view.rowCount))")
            }
            let item = view.results.items[row - 1]
            say("row \(row) \(item.title.quotedForTerminal) of \(view.results.title.quotedForTerminal)")
            prefix = item.streamName
        } else {
            prefix = argument.lowercased()
        }
        let lines = MarbleDiagram.render(instrumentation.eventLog.events, prefix: prefix, now: clock.scheduler.now)
        guard !lines.isEmpty else {
            throw CommandFailure("nothing recorded for \(prefix.sanitizedForTerminal): search first, then make rows visible")
        }
        lines.forEach(say)
        return .succeeded
    }
}
