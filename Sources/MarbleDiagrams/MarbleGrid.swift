import MarbleNotation

/// A lane placed on a layout: which columns it is alive in, and every shown event's column and
/// level (0 on the lane itself, 1, 2, … stacked under it when a column holds several).
public struct MarbleGrid: Equatable, Sendable {
    public struct Mark: Equatable, Sendable {
        public var column: Int
        public var level: Int
        public var event: MarbleEvent
    }

    /// The columns from its subscription to its end (or the diagram's end); nil when none is shown.
    public let alive: ClosedRange<Int>?
    public let marks: [Mark]

    public init(lane: MarbleLane, layout: MarbleLayout) {
        guard let start = lane.start, start <= layout.end,
            lane.end.map({ $0.time >= layout.start }) ?? true
        else {
            alive = nil
            marks = []
            return
        }
        let first = max(0, layout.column(start))
        let last = lane.end.flatMap { layout.contains($0.time) ? layout.column($0.time) : nil } ?? layout.columns - 1
        alive = first...max(first, last)
        var marks: [Mark] = []
        for event in lane.events where layout.contains(event.time) {
            let column = layout.column(event.time)
            let level = marks.last.map { $0.column == column ? $0.level + 1 : 0 } ?? 0
            marks.append(Mark(column: column, level: level, event: event))
        }
        self.marks = marks
    }

    /// How many lines the lane takes: 1, plus one per stacked level.
    public var levels: Int { (marks.map(\.level).max() ?? 0) + 1 }

    /// The lane's lines of text, `columns` wide: `-` where it is alive, symbols where events are.
    public func lines(columns: Int, symbols: MarbleSymbols) -> [String] {
        var rows = [[Character]](repeating: Array(repeating: " ", count: columns), count: levels)
        if let alive {
            for column in alive where column < columns { rows[0][column] = "-" }
        }
        for mark in marks where mark.column < columns {
            rows[mark.level][mark.column] = symbols.character(for: mark.event.kind)
        }
        return rows.map { String($0) }
    }
}
