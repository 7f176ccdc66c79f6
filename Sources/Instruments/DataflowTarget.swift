import Dataflow
import Lanes
import MarbleDiagrams
import Playground
import PlaygroundSession
import Reactive
import Shell
import TerminalViews
import ViewModels

/// What `graph`, `why` and `break` are about, named as `marbles` names it: a row of the list on
/// top, a ViewModel's streams (`search`, with its command's), the playground's subscribers
/// (`play`), or a playground signal with its inputs.
@MainActor
package struct DataflowTarget {
    /// What the graph shows, for its heading and its pictures' titles.
    let title: String
    /// Its subscriptions, from the latest life of its streams (a new search reuses "row 1").
    let recording: DataflowRecording
    /// The observers of the streams that count them: the owner's properties.
    var listeners: [String: Int] = [:]
    /// The edges its ViewModel declares: an output, and one worked out from it, by stream.
    var derived: [(from: String, to: String)] = []
    /// The lanes it records once it runs, with the stream each is recorded under, also before
    /// they are recorded: what a breakpoint may name ahead.
    var lanesToCome: [(lane: String, stream: String)] = []

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

    /// The target called `target`. A row is made when it was not yet, for its title and its
    /// observers' counts, unless `makingRows` is false (Tab, a breakpoint): then a row is any row
    /// number, of the list on top or of one to come, and it has the lanes a row's pipeline records.
    static func named(_ target: String, _ context: CommandContext, makingRows: Bool = true) throws(CommandFailure)
        -> DataflowTarget
    {
        if let row = Parse.row(target) {
            guard makingRows else {
                var lanes = app(prefixes: ["row \(row)"], owners: [], title: "row \(row)", context)
                lanes.lanesToCome = InputLanes.rowOrder.map { ($0, StreamName(owner: "row \(row)", $0).text) }
                return lanes
            }
            guard let list = context.navigator.top as? any ResultRows else {
                throw CommandFailure("a row number names a row of the results list on top; search first")
            }
            guard let item = list.item(at: row) else {
                throw CommandFailure("no row \(row): the results have \(list.rowsText)")
            }
            return app(prefixes: [item.streamName], owners: [item], title: rowTitle(item, list), context)
        }
        let name = target.lowercased()
        if name == "search" {
            var search = app(
                prefixes: ["search", "command"], owners: [context.search], title: "the search's dataflow", context)
            search.lanesToCome = [
                (SearchViewModel.searchSignalStream.name, SearchViewModel.searchSignalStream.text)
            ]
            return search
        }
        if context.playground.names.contains(target), let lanes = context.playground.marbleLanes(of: target) {
            return playground(target, lanes, context)
        }
        let owner = context.navigator.stack.map(\.viewModel).last { $0.streamName == name }
        let found = app(
            prefixes: [name], owners: owner.map { [$0] } ?? [], title: "the streams of \(name.sanitizedForTerminal)",
            context)
        guard found.recording.subscriptions.isEmpty else { return found }
        throw CommandFailure(
            "nothing recorded for \(target.sanitizedForTerminal): name a row, search, play or a playground signal")
    }

    /// `graph` named nothing: the top View's own dataflow: the rows the results show, the photo the
    /// pager shows, another ViewModel's streams, or, at the root, the search's.
    static func top(_ context: CommandContext) throws(CommandFailure) -> DataflowTarget {
        let top = context.navigator.top
        if let list = top as? any ResultRows {
            guard let rows = list.visibleRows else { throw CommandFailure("the results show no rows to graph") }
            // Shown rows are made already.
            let items = rows.compactMap { list.item(at: $0) }
            let title =
                "\(rowsText(rows)) of \(list.listTitle.quotedForTerminal), pipeline \(items[0].pipeline.name)"
            return app(prefixes: items.map(\.streamName), owners: items, title: title, context, wholeNames: true)
        }
        if let pager = top?.viewModel as? PhotoPagerViewModel {
            let photo = pager.current.value
            let title = "\(photo.streamName) \(photo.title.quotedForTerminal) of the pager"
            return app(prefixes: [photo.streamName], owners: [photo], title: title, context)
        }
        guard let owner = top?.viewModel, owner !== context.search else { return try named("search", context) }
        return app(
            prefixes: [owner.streamName], owners: [owner], title: "the streams of \(owner.streamName)", context)
    }

    private static func rowTitle(_ item: PhotoItemViewModel, _ list: any ResultRows) -> String {
        "row \(item.row) \(item.title.quotedForTerminal) of \(list.listTitle.quotedForTerminal), "
            + "pipeline \(item.pipeline.name)"
    }

    /// The streams of the app each of `prefixes` owns, each from its latest life, with the owners'
    /// properties counting their observers. A lane of the first owner is named within it, as
    /// `marbles` names it, or, with `wholeNames`, by its whole stream name.
    private static func app(
        prefixes: [String], owners: [any DeclaresOutputs], title: String, _ context: CommandContext,
        wholeNames: Bool = false
    ) -> DataflowTarget {
        let events = appEvents(context)
        var kept: [TraceEvent] = []
        for prefix in prefixes {
            var mine = events.filter { $0.streamName.owner == prefix }
            if let first = mine.first?.stream { mine = Array(mine[MarbleRecording.restart(of: first, in: mine)...]) }
            kept += mine
        }
        kept.sort { $0.number < $1.number }
        // The streams of another (the search's command) keep their whole name, so "executing"
        // and the command's executing differ.
        let recording = DataflowRecording(kept, joins: context.subscriptions.joins) { stream in
            let name = StreamName(parsing: stream)
            guard let owner = name.owner, prefixes.contains(owner) else { return nil }
            return !wholeNames && owner == prefixes.first ? name.withoutOwner.text : stream
        }
        var target = DataflowTarget(title: title, recording: recording)
        for owner in owners { target.read(owner, context) }
        return target
    }

    /// Counts the observers of `owner`'s properties and draws its outputs under those they are
    /// worked out from.
    private mutating func read(_ owner: any DeclaresOutputs, _ context: CommandContext) {
        let outputs = owner.outputs
        let name = owner.streamName
        for output in outputs {
            let streams = output.traceNames(owner: name)
            if let count = context.instrumentation.appSubscribers(of: output, in: owner) {
                for stream in streams { listeners[stream.text] = count }
            }
            for source in output.derivedFrom {
                guard let from = outputs.first(where: { $0.name == source })?.traceNames(owner: name).first,
                    let to = streams.first
                else { continue }
                derived.append((from.text, to.text))
            }
        }
    }

    /// A playground signal's lanes, as `marbles NAME` draws them: its sources and operators from
    /// the playground's log, its subscribers from the app's.
    private static func playground(_ name: String, _ lanes: [PlayLaneSource], _ context: CommandContext)
        -> DataflowTarget
    {
        var titles: [StreamName: String] = [:]
        var lanesToCome: [(lane: String, stream: String)] = []
        for lane in lanes {
            switch lane {
            case .input(let stream, let title):
                titles[stream] = title
                lanesToCome.append((title, stream.text))
            case .subscriber(let label, _):
                let stream = PlayLaneSource.subscriberStream(label: label)
                titles[stream] = "subscriber \(label)"
                lanesToCome.append(("subscriber \(label)", stream.text))
            }
        }
        let inputs = context.playground.inputs
        let events = merged(appEvents(context), inputs.events).filter { event in
            titles[event.streamName.first] != nil
        }
        let recording = DataflowRecording(events, joins: context.subscriptions.joins) { stream in
            // A later subscription of an operator's lane is its own stream, drawn numbered so.
            let name = StreamName(parsing: stream)
            guard let title = titles[name.first] else { return nil }
            return StreamName(title, subscription: name.subscription).text
        }
        return DataflowTarget(
            title: "the playground signal \(name.sanitizedForTerminal), its inputs and subscribers",
            recording: recording, lanesToCome: lanesToCome)
    }
}

extension DataflowTarget {
    /// What Tab offers after a row or name: its lanes and, `toWatch`, the ones it records once it
    /// runs (`break when 3 …`). Looked up without making a row: pressing Tab changes nothing.
    static func laneNames(after previous: String, _ context: CommandContext, toWatch: Bool) -> [String] {
        guard let target = try? named(previous, context, makingRows: false) else { return [] }
        let recorded = target.recording.laneNames
        let toCome = toWatch ? target.lanesToCome.map(\.lane) : []
        return recorded + toCome.filter { !recorded.contains($0) }
    }
}
