import MarbleNotation
import Reactive
import TerminalText

/// One marble diagram: lanes on a shared time axis that fits a width, with one symbol per value.
/// `MarbleText` draws it as text, `MarbleSVG` as a picture.
public struct MarbleDiagram: Sendable {
    /// The lanes of the rows' and the search's pipelines, source first, result last.
    public static let pipelineOrder = [
        "isVisible", "filter(true)", "delay(1s)", "takeUntil(hidden)", "flattenMap(metadata)", "favorites", "comments",
        "metadata",
        "searchText", "isSearchValid", "executing", "flickrSearchSignal",
    ]

    public let lanes: [MarbleLane]
    public let grids: [MarbleGrid]
    public let layout: MarbleLayout
    public let symbols: MarbleSymbols
    /// The width of the lane names' column, in characters.
    public let labelWidth: Int
    /// The width of the text drawing, in characters (at least 40).
    public let width: Int
    /// How many characters each column takes in the text: 1, or more where a lane has a group.
    public let columnWidths: [Int]

    /// The diagram of `lanes` in `width` characters (names, two spaces, columns), from `from`
    /// (default: the first subscription) to `to` (default: `now`, else the last event).
    public init(
        lanes: [MarbleLane], width: Int = 80, from: Duration? = nil, to: Duration? = nil, now: Duration? = nil
    ) {
        let width = max(width, 40)
        self.width = width
        let starts = lanes.compactMap(\.start)
        let start = from ?? starts.min() ?? .zero
        let lastEvent = lanes.compactMap { $0.events.last?.time ?? $0.start }.max() ?? start
        let end = to ?? max(now ?? lastEvent, lastEvent)
        labelWidth = min(max(lanes.map(\.name.count).max() ?? 0, 4), width / 3)
        // Groups widen their columns: a coarser step is taken until the widened text fits.
        let room = width - labelWidth - 2
        var columns = room
        var layout = MarbleLayout(start: start, end: end, maxColumns: columns)
        var grids = lanes.map { MarbleGrid(lane: $0, layout: layout) }
        var widths = Self.columnWidths(grids, columns: layout.columns)
        while widths.reduce(0, +) > room, columns > 1 {
            columns = max(1, columns - (widths.reduce(0, +) - room))
            layout = MarbleLayout(start: start, end: end, maxColumns: columns)
            grids = lanes.map { MarbleGrid(lane: $0, layout: layout) }
            widths = Self.columnWidths(grids, columns: layout.columns)
        }
        self.layout = layout
        self.lanes = lanes
        self.grids = grids
        columnWidths = widths
        symbols = MarbleSymbols(lanes: lanes)
    }

    /// Each column's width: its widest lane's drawing there ("(ab)" is four).
    static func columnWidths(_ grids: [MarbleGrid], columns: Int) -> [Int] {
        var widths = Array(repeating: 1, count: columns)
        for grid in grids {
            var count: [Int: Int] = [:]
            for mark in grid.marks where mark.column < columns { count[mark.column, default: 0] += 1 }
            for (column, marks) in count where marks > 1 { widths[column] = max(widths[column], marks + 2) }
        }
        return widths
    }

    /// The diagram of every stream `prefix` owns in `events` (see `MarbleRecording.lanes`);
    /// nil when none was recorded. For `marbles --svg` and `export html`.
    public init?(
        _ events: [TraceEvent], prefix: String, order: [String] = pipelineOrder, width: Int = 80,
        from: Duration? = nil, to: Duration? = nil, now: Duration? = nil
    ) {
        let lanes = MarbleRecording.lanes(events, prefix: prefix, order: order)
        guard !lanes.isEmpty else { return nil }
        self.init(lanes: lanes, width: width, from: from, to: to, now: now)
    }

    /// The same diagram as lines of text; empty when none was recorded.
    public static func render(
        _ events: [TraceEvent], prefix: String, order: [String] = pipelineOrder, width: Int = 80,
        from: Duration? = nil, to: Duration? = nil, now: Duration? = nil
    ) -> [String] {
        MarbleDiagram(events, prefix: prefix, order: order, width: width, from: from, to: to, now: now)
            .map(MarbleText.lines) ?? []
    }

    /// The lane's name as shown: sanitised, and shortened with "…" to the names' column. A
    /// subscription's number (`#2`) is what tells two lanes of one step apart: it is kept, and
    /// the name is cut before it.
    public func label(_ lane: MarbleLane) -> String {
        let name = lane.name.sanitizedForTerminal
        guard name.count > labelWidth else { return name }
        let number = name.lastIndex(of: "#").map { String(name[$0...]) } ?? ""
        guard number.count >= 2, number.count < labelWidth - 1, number.dropFirst().allSatisfy(\.isNumber) else {
            return String(name.prefix(labelWidth - 1)) + "…"
        }
        return String(name.prefix(labelWidth - 1 - number.count)) + "…" + number
    }

    /// The kinds of terminal event shown anywhere in the diagram (the errors' texts, each once),
    /// and whether any column holds a group.
    var shownMarks: (completed: Bool, errors: [String], cancelled: Bool, grouped: Bool) {
        let kinds = grids.flatMap { $0.marks.map(\.event.kind) }
        var errors: [String] = []
        for case .failed(let error) in kinds where !errors.contains(error) { errors.append(error) }
        return (kinds.contains(.completed), errors, kinds.contains(.cancelled), grids.contains { $0.levels > 1 })
    }

    /// The first line of the text and of the picture: the step, the origin its columns count
    /// from (the left edge of the first), and the end of the span shown.
    public var header: String {
        "one column = \(layout.stepText) from \(layout.label(layout.origin)) to \(layout.label(layout.end))"
    }

    /// What the text says under the header when a column is not `expect-marbles`' frame.
    public var stepNote: String? {
        guard layout.step != .milliseconds(100) else { return nil }
        return "(expect-marbles counts 100 ms a frame: zoom in with marbles --from and --to, or see marbles --paste)"
    }

    /// The values shown, with their symbols, in the order the symbols were given.
    var shownValues: [(value: String, symbol: Character)] {
        let shown = Set(
            grids.flatMap {
                $0.marks.compactMap { mark -> String? in
                    if case .value(let value) = mark.event.kind { value } else { nil }
                }
            })
        return symbols.entries.filter { shown.contains($0.value) }
    }

    /// The columns at which the ruler puts a labelled tick: every tenth step from a round time,
    /// and the first column when its label fits before the next, so every ruler has a time.
    var labelledTicks: [Int] {
        let firstStep = layout.origin.wholeMilliseconds / layout.step.wholeMilliseconds
        let round = (0..<layout.columns).filter { (firstStep + Int64($0)) % 10 == 0 }
        let start = layout.label(layout.origin)
        let fits = (round.first.map { columnWidths.prefix($0).reduce(0, +) } ?? Int.max) > start.count
        return round.first != 0 && fits ? [0] + round : round
    }
}
