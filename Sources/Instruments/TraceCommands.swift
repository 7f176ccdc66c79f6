import OutputKinds
import PhotoModel
import Reactive
import Shell
import TerminalViews
import ViewModels

/// `trace` and `marbles`: the signal events behind each command, live and drawn.
extension CommandTable {
    package static let trace: ShellCommand = ShellCommand(
        name: "trace",
        parameters: [
            .init(name: "on|numbered|off", kind: .choice(["on", "numbered", "off"])),
            .init(name: "FILTER", kind: .text(suggestions: .none), isOptional: true),
        ],
        summary: "print every signal event as it happens (subscribed, next, error, completed, disposed); "
            + "numbered: with each event's number, for why N",
        example: "trace on row 3", misuse: "trace needs on, numbered or off: trace on [FILTER] or trace off",
        run: { arguments, context throws(CommandFailure) in
            let session = context.session
            let filter = arguments.text(1)?.lowercased()
            let numbered = arguments.text(0) == "numbered"
            guard arguments.text(0) != "off" else {
                guard filter == nil else { throw CommandFailure("trace off takes no filter") }
                context.instruments.trace?.dispose()
                context.instruments.trace = nil
                context.say("trace off")
                return .succeeded
            }
            context.instruments.trace?.dispose()
            let live = context.clock.isLive
            context.instruments.trace = context.instrumentation.eventLog.live
                .filter { event in filter.map { TraceText.stream(event.stream, matches: $0) } ?? true }
                .subscribeNext { [weak context] event in
                    context?.say(TraceText.describe(event, withTime: live, numbered: numbered), as: .trace)
                }
            context.say(
                "trace on" + (numbered ? ", numbered" : "")
                    + (filter.map { " (streams named with \"\($0.sanitizedForTerminal)\")" } ?? ""))
            if let filter, let note = TraceText.noMatchNote(filter, recorded: context.instrumentation.eventLog.events) {
                TextWrap.lines("", note, width: context.lineWidth).forEach(context.say)
            }
            return .succeeded
        })
}

/// How `trace` names and prints events.
package enum TraceText {
    /// True when the filter's words appear in the stream's name in order, each a whole word or,
    /// unless it is a number, the start of one: "row 3" matches row 3's favorites but not row
    /// 30's; row 1's delay, written as `trace` prints it, matches row 1's delay(1s).
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

    /// A stream's kind: its words with numbers as N (row N's isVisible for row 3's),
    /// so the streams of many rows count together.
    static func streamKind(of stream: String) -> String {
        stream.split(separator: " ").map { $0.allSatisfy(\.isNumber) ? "N" : String($0) }.joined(separator: " ")
    }

    /// When `filter` can match no stream (its first word begins no stream recorded so far, nor
    /// one of `ownersToCome`): says so and lists the kinds of stream there are (numbers as N),
    /// so a mistyped filter is not left silently matching nothing.
    static func noMatchNote(_ filter: String, recorded: [TraceEvent]) -> String? {
        guard let first = filter.split(separator: " ").first else { return nil }
        var kinds: [String] = []
        for event in recorded {
            let words = event.stream.split(separator: " ")
            if words.first?.lowercased().hasPrefix(first) == true { return nil }
            let kind = streamKind(of: event.stream)
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        if ownersToCome.contains(where: { $0.hasPrefix(first) }) { return nil }
        let known = (kinds.prefix(10) + ownersToCome.map { "\($0) …" }).joined(separator: ", ")
        return "no stream is named with \"\(filter.sanitizedForTerminal)\"; the streams: " + known.sanitizedForTerminal
    }

    /// "trace " then row 1's favorites and ": next 40"; numbered, "trace 57 " first (what `why 57`
    /// takes).
    static func describe(_ event: TraceEvent, withTime: Bool, numbered: Bool = false) -> String {
        let time = withTime ? event.time.clockText + " " : ""
        let number = numbered ? "\(event.number) " : ""
        // Which scheduler delivered it, when a named one did (deliverOn main): why the book moves
        // UI updates to the main thread is then on the line.
        let on = event.scheduler.map { " (on \($0))" } ?? ""
        return "trace \(number)\(time)\(event.stream): \(what(event.kind))\(on)".terminalField(limit: 240)
    }

    /// An event as `trace` says it: "subscribed", "next 40", "disposed (cancelled)".
    static func what(_ kind: TraceEvent.Kind) -> String {
        switch kind {
        case .subscribed: "subscribed"
        case .next(let value): "next \(value)"
        case .failed(let error): "error \(error)"
        case .completed: "completed"
        case .disposed: "disposed (cancelled)"
        }
    }
}
