import Dataflow
import Reactive
import TerminalText

/// How `why` tells where an event came from: the event, then each cause with its time and
/// number, back to the command line that began it. A value made from several sources (a
/// combineLatest) names the ones that did not cause it too, with the value it took from them.
@MainActor
enum WhyText {
    static func lines(_ number: Int, _ context: CommandContext) throws(CommandFailure) -> [String] {
        let logs = self.logs(context)
        let lookup = { (number: Int) in logs.lazy.compactMap { $0.event(numbered: number) }.first }
        guard let event = lookup(number) else {
            let last = context.instrumentation.eventLog.lastNumber
            throw CommandFailure(
                last == 0
                    ? "no event \(number): nothing is recorded yet"
                    : "no event \(number): the events are numbered 1 to \(last), and the log keeps the newest")
        }
        let chain = CauseChain(from: event.number, lookup: lookup)
        // Every stream, each subscription its own lane: to find what a value was combined with.
        let all = DataflowRecording(logs.flatMap(\.events).sorted { $0.number < $1.number }) { $0 }
        var lines = ["\(event.time.clockText) \(describe(event))\(with(event, all))"]
        for hop in chain.hops.dropFirst() {
            lines.append("  ← \(hop.time.clockText) \(describe(hop))\(with(hop, all))")
        }
        if chain.isCut {
            lines.append("  ← … its earlier causes have left the log, which keeps the newest events")
        } else if let command = chain.command {
            let entry = context.session.control?.log.entry(command)
            let time = entry.map { $0.started.clockText + " " } ?? ""
            lines.append("  ← \(time)#\(command)" + (entry.map { " " + $0.line.sanitizedForTerminal } ?? ""))
        } else {
            lines.append("  ← the start of the session, before the first command")
        }
        return lines
    }

    /// Where events are: the app's log, its inputs' and the playground's, once it has begun.
    static func logs(_ context: CommandContext) -> [EventLog] {
        [context.instrumentation.eventLog] + (context.instrumentation.inputLog.map { [$0] } ?? [])
            + [context.playground.inputs]
    }

    /// "row 1 · comments: next 7 (event 29)"
    static func describe(_ event: TraceEvent) -> String {
        "\(event.stream): \(TraceText.what(event.kind)) (event \(event.number))".terminalField(limit: 200)
    }

    /// For a value its subscription made from several sources: ", with favorites 40 of 00:01.600"
    /// for each source that did not cause it, at the value it had sent.
    private static func with(_ event: TraceEvent, _ all: DataflowRecording) -> String {
        guard case .next = event.kind, let mine = all.subscription(holding: event.number),
            let cause = event.cause.event, let from = all.subscription(holding: cause), from.number != mine.number
        else { return "" }
        let others = all.subscriptions.filter { other in
            other.subscribed.cause.event == mine.number && other.number != from.number
        }
        let latest = others.compactMap { other in
            other.events.last { event2 in
                if case .next = event2.kind { return event2.number < event.number }
                return false
            }
        }
        guard !latest.isEmpty else { return "" }
        return ", with "
            + latest.map { "\($0.stream): \(TraceText.what($0.kind)) of \($0.time.clockText)" }
            .joined(separator: " and ")
    }
}
