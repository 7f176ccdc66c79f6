import PhotoModel
import Reactive
import TerminalViews
import ViewModels

/// `trace` and `marbles`: the signal events behind each command, live and drawn.
extension CommandTable {
    static let trace: ShellCommand = ShellCommand(
        name: "trace",
        parameters: [
            .init(name: "on|off", kind: .choice(["on", "off"])),
            .init(name: "FILTER", kind: .text(suggestions: .none), isOptional: true),
        ],
        summary: "print every signal event as it happens (subscribed, next, error, completed, disposed)",
        example: "trace on row 3", misuse: "trace needs on or off: trace on [FILTER] or trace off",
        run: { arguments, context throws(CommandFailure) in
            let session = context.session
            let filter = arguments.text(1)?.lowercased()
            guard arguments.text(0) == "on" else {
                guard filter == nil else { throw CommandFailure("trace off takes no filter") }
                session.trace?.dispose()
                session.trace = nil
                context.say("trace off")
                return .succeeded
            }
            session.trace?.dispose()
            let live = context.clock.isLive
            session.trace = context.instrumentation.eventLog.live
                .filter { event in filter.map { TraceText.stream(event.stream, matches: $0) } ?? true }
                .subscribeNext { [weak context] event in context?.say(TraceText.describe(event, withTime: live)) }
            context.say("trace on" + (filter.map { " (streams named with \"\($0.sanitizedForTerminal)\")" } ?? ""))
            return .succeeded
        })
}

/// How `trace` names and prints events.
enum TraceText {
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
        return "trace \(time)\(event.stream): \(what)".terminalField(limit: 240)
    }
}
