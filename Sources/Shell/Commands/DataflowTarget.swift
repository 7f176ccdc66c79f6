import Dataflow
import MarbleDiagrams
import Playground
import Reactive
import TerminalViews
import ViewModels

/// What `graph`, `why` and `break` are about, named as `marbles` names it: a row of the list on
/// top, a ViewModel's streams (`search`, with its command's), the playground's subscribers
/// (`play`), or a playground signal with its inputs.
@MainActor
struct DataflowTarget {
    /// What the graph shows, for its heading and its pictures' titles.
    let title: String
    /// Its subscriptions, from the latest life of its streams (a new search reuses "row 1").
    let recording: DataflowRecording
    /// The observers of the streams that count them: the owner's properties.
    let listeners: [String: Int]
    /// The edges its ViewModel declares: an output, and one worked out from it, by stream.
    var derived: [(from: String, to: String)] = []

    var graph: DataflowGraph { DataflowGraph(recording, listeners: listeners, derived: derived) }

    /// Every event the app and its inputs recorded, in the order of their numbers.
    static func appEvents(_ context: CommandContext) -> [TraceEvent] {
        let instrumentation = context.instrumentation
        return merged(instrumentation.eventLog.events, instrumentation.inputLog?.events ?? [])
    }

    static func merged(_ first: [TraceEvent], _ second: [TraceEvent]) -> [TraceEvent] {
        guard !second.isEmpty else { return first }
        return (first + second).sorted { $0.number < $1.number }
    }

    static func named(_ target: String, _ context: CommandContext) throws(CommandFailure) -> DataflowTarget {
        if let row = Parse.row(target) {
            guard let list = context.navigator.top as? any ResultRows else {
                throw CommandFailure("a row number names a row of the results list on top; search first")
            }
            guard let item = list.item(at: row) else {
                throw CommandFailure("no row \(row): the results have \(list.rowsText)")
            }
            let title =
                "row \(row) \(item.title.quotedForTerminal) of \(list.listTitle.quotedForTerminal), "
                + "pipeline \(item.pipeline.rawValue)"
            return app(prefixes: [item.streamName], owner: item, title: title, context)
        }
        let name = target.lowercased()
        if name == "search" {
            return app(
                prefixes: ["search", "command"], owner: context.navigator.search, title: "the search's dataflow",
                context)
        }
        if context.playground.names.contains(target), let lanes = context.playground.marbleLanes(of: target) {
            return playground(target, lanes, context)
        }
        let owner = context.navigator.stack.map(\.viewModel).last { $0.streamName == name }
        let found = app(prefixes: [name], owner: owner, title: "the streams of \(name.sanitizedForTerminal)", context)
        guard found.recording.subscriptions.isEmpty else { return found }
        throw CommandFailure(
            "nothing recorded for \(target.sanitizedForTerminal): name a row, search, play or a playground signal")
    }

    /// The streams named `PREFIX · …` of the app, each from its latest life, with `owner`'s
    /// properties counting their observers.
    private static func app(
        prefixes: [String], owner: (any DeclaresOutputs)?, title: String, _ context: CommandContext
    ) -> DataflowTarget {
        let events = appEvents(context)
        var kept: [TraceEvent] = []
        for prefix in prefixes {
            let head = prefix + " · "
            var mine = events.filter { $0.stream.hasPrefix(head) }
            if let first = mine.first?.stream { mine = Array(mine[MarbleRecording.restart(of: first, in: mine)...]) }
            kept += mine
        }
        kept.sort { $0.number < $1.number }
        // Named after the owner's first prefix, as its lanes are; the streams of another (the
        // search's command) keep their whole name, so "executing" and "command · executing" differ.
        let recording = DataflowRecording(kept, joins: context.subscriptions.joins) { stream in
            if let first = prefixes.first, stream.hasPrefix(first + " · ") {
                return String(stream.dropFirst(first.count + 3))
            }
            return prefixes.contains { stream.hasPrefix($0 + " · ") } ? stream : nil
        }
        var listeners: [String: Int] = [:]
        var derived: [(from: String, to: String)] = []
        let outputs = owner?.outputs ?? []
        let name = owner?.streamName ?? ""
        for output in outputs {
            let streams = output.traceNames(owner: name)
            if let owner, let count = context.instrumentation.appSubscribers(of: output, in: owner) {
                for stream in streams { listeners[stream] = count }
            }
            for source in output.derivedFrom {
                guard let from = outputs.first(where: { $0.name == source })?.traceNames(owner: name).first,
                    let to = streams.first
                else { continue }
                derived.append((from, to))
            }
        }
        return DataflowTarget(title: title, recording: recording, listeners: listeners, derived: derived)
    }

    /// A playground signal's lanes, as `marbles NAME` draws them: its sources and operators from
    /// the playground's log, its subscribers from the app's.
    private static func playground(_ name: String, _ lanes: [PlayLaneSource], _ context: CommandContext)
        -> DataflowTarget
    {
        var titles: [String: String] = [:]
        for lane in lanes {
            switch lane {
            case .input(let stream, let title): titles[stream] = title
            case .subscriber(let label, _): titles["play · \(label)"] = "subscriber \(label)"
            }
        }
        let inputs = context.playground.inputs
        let events = merged(appEvents(context), inputs.events).filter { event in
            titles[event.stream] != nil || titles[String(event.stream.prefix { $0 != "#" })] != nil
        }
        let recording = DataflowRecording(events, joins: context.subscriptions.joins) { stream in
            if let title = titles[stream] { return title }
            // A later subscription of an operator's lane is its own stream, "STREAM#2".
            guard let mark = stream.lastIndex(of: "#"), let title = titles[String(stream[..<mark])] else { return nil }
            return title + stream[mark...]
        }
        return DataflowTarget(
            title: "the playground signal \(name.sanitizedForTerminal), its inputs and subscribers",
            recording: recording, listeners: [:])
    }
}
