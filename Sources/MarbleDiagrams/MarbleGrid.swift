import MarbleNotation

/// A lane placed on a layout: which columns it is alive in, and every shown event's column and
/// level (its place among the events of that column: 0, then 1, 2, … in order).
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

    /// How many marks share its busiest column: 1, or more where a group is.
    public var levels: Int { (marks.map(\.level).max() ?? 0) + 1 }

    /// The lane's text, column by column: `-` where it is alive, a space where it is not, a
    /// symbol where one event is, and a group `(ab)` where several are, as marble strings write them.
    public func cells(columns: Int, symbols: MarbleSymbols) -> [String] {
        var cells = (0..<columns).map { alive?.contains($0) == true ? "-" : " " }
        var index = 0
        while index < marks.count {
            let column = marks[index].column
            let here = marks[index...].prefix { $0.column == column }.map { symbols.character(for: $0.event.kind) }
            if column < columns { cells[column] = here.count == 1 ? String(here) : "(" + String(here) + ")" }
            index += here.count
        }
        return cells
    }
}
