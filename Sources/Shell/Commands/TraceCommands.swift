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
            if let filter, let note = TraceText.noMatchNote(filter, recorded: context.instrumentation.eventLog.events) {
                TextWrap.lines("", note, width: context.session.width).forEach(context.say)
            }
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

    /// The first words of the streams the app and the playground record before anything is
    /// on screen to record them: a row's, a photo's, the gallery's and the playground's lanes.
    private static let ownersToCome = ["row", "photo", "gallery", "play"]

    /// When `filter` can match no stream (its first word begins no stream recorded so far, nor
    /// one of `ownersToCome`): says so and lists the kinds of stream there are (numbers as N),
    /// so a mistyped filter is not left silently matching nothing.
    static func noMatchNote(_ filter: String, recorded: [TraceEvent]) -> String? {
        guard let first = filter.split(separator: " ").first else { return nil }
        var kinds: [String] = []
        for event in recorded {
            let words = event.stream.split(separator: " ")
            if words.first?.lowercased().hasPrefix(first) == true { return nil }
            let kind = words.map { $0.allSatisfy(\.isNumber) ? "N" : String($0) }.joined(separator: " ")
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        if ownersToCome.contains(where: { $0.hasPrefix(first) }) { return nil }
        let known = (kinds.prefix(10) + ownersToCome.map { "\($0) …" }).joined(separator: ", ")
        return "no stream is named with \"\(filter.sanitizedForTerminal)\"; the streams: " + known.sanitizedForTerminal
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
