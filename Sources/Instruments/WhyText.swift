import Dataflow
import PlaygroundSession
import Reactive
import Shell
import TerminalText
import ViewModels

/// How `why` tells where an event came from: the event, then each cause with its time and
/// number, back to the command line that began it. A value that combines the latest of several
/// sources (combineLatest) names the ones that did not cause it too, with the value it took
/// from them.
@MainActor
package enum WhyText {
    /// The most characters a line of `why` holds, as the other dataflow lines.
    static let lineLimit = 200

    static func lines(_ number: Int, _ context: CommandContext) throws(CommandFailure) -> [String] {
        let logs = self.logs(context)
        let lookup = { (number: Int) in logs.lazy.compactMap { $0.event(numbered: number) }.first }
        guard let event = lookup(number) else { throw noEvent(String(number), context) }
        let chain = CauseChain(from: event.number, lookup: lookup)
        let combines = { (stream: String) in
            let name = StreamName(parsing: stream)
            return PhotoItemViewModel.isCombined(name) || context.playground.combines(name)
        }
        // Every stream, each subscription its own lane: to find what a value was combined with,
        // made only for a chain that passes a combined value.
        var all: DataflowRecording?
        var lines: [String] = []
        for (index, hop) in chain.hops.enumerated() {
            var with: [TraceEvent] = []
            if combines(hop.stream) {
                let recording = all ?? DataflowRecording(logs.flatMap(\.events).sorted { $0.number < $1.number }) { $0 }
                all = recording
                with = combinedWith(hop, recording)
            }
            lines.append(line(hop, with: with, lead: index == 0 ? "" : "  ← "))
        }
        switch chain.end {
        case .leftTheLog:
            lines.append("  ← … its earlier causes have left the log, which keeps the newest events")
        case .hopLimit:
            let next = chain.hops.last?.cause.event.map { ": why \($0) goes on" } ?? ""
            lines.append("  ← … why follows \(chain.hops.count) causes at most\(next)")
        case .command(let command?):
            let entry = context.session.control?.log.entry(command)
            let time = entry.map { $0.started.time.clockText + " " } ?? ""
            lines.append(
                "  ← \(time)#\(command)\(entry.map { " " + $0.line } ?? "")".terminalField(limit: lineLimit))
        case .command(nil):
            lines.append("  ← the start of the session, before the first command")
        }
        return lines
    }

    /// "no event 9999999999: the events are numbered 1 to 609, and the log keeps the newest", for
    /// any number `why` cannot find, however many digits it has (shortened to 40).
    static func noEvent(_ number: String, _ context: CommandContext) -> CommandFailure {
        let last = context.instrumentation.eventLog.lastNumber
        return CommandFailure(
            last == 0
                ? "no event \(number.prefix(40)): nothing is recorded yet"
                : "no event \(number.prefix(40)): the events are numbered 1 to \(last), and the log keeps the newest")
    }

    /// "00:01.659 STREAM: next 417/20 (event 244), with STREAM: next 417 of 00:01.554" (row 1's
    /// metadata, with its favorites): an event with the values it was combined with; safe for a terminal, and at
    /// most `lineLimit` characters whatever its streams and values hold.
    static func line(_ event: TraceEvent, with others: [TraceEvent], lead: String = "") -> String {
        let with = others.map { "\($0.stream): \(TraceText.what($0.kind)) of \($0.time.clockText)" }
        let text =
            "\(event.time.clockText) \(event.stream): \(TraceText.what(event.kind)) (event \(event.number))"
            + (with.isEmpty ? "" : ", with " + with.joined(separator: " and "))
        return lead + text.terminalField(limit: lineLimit - lead.count)
    }

    /// Where events are: the app's log, its inputs' and the playground's, once it has begun.
    static func logs(_ context: CommandContext) -> [EventLog] {
        [context.instrumentation.eventLog] + (context.instrumentation.inputLog.map { [$0] } ?? [])
            + [context.playground.inputs]
    }

    /// "STREAM: next 7 (event 29)", the stream by its name's text (row 1's comments).
    static func describe(_ event: TraceEvent) -> String {
        "\(event.stream): \(TraceText.what(event.kind)) (event \(event.number))".terminalField(limit: lineLimit)
    }

    /// For a value its subscription combined from several sources: the latest value each source
    /// that did not cause it had sent before it.
    private static func combinedWith(_ event: TraceEvent, _ all: DataflowRecording) -> [TraceEvent] {
        guard case .next = event.kind, let mine = all.subscription(holding: event.number),
            let cause = event.cause.event, let from = all.subscription(holding: cause), from.number != mine.number
        else { return [] }
        let others = all.subscriptions.filter { other in
            other.subscribed.cause.event == mine.number && other.number != from.number
        }
        return others.compactMap { other in
            other.events.last { earlier in
                if case .next = earlier.kind { return earlier.number < event.number }
                return false
            }
        }
    }
}
