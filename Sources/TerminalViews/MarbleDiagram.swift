import Reactive

/// Draws recorded streams as ASCII marble diagrams: `-` one time step, a letter a value,
/// `|` completed, `#` error, `!` cancelled (disposed before it ended); blank before a
/// subscription and after its end. Events in the same step are grouped: `(ft)`.
public enum MarbleDiagram {
    /// The diagram of every stream named `prefix · …`, in the order they first appeared, from
    /// the latest subscription of the first of them: a new search reuses the names "row 1", …
    public static func render(_ events: [TraceEvent], prefix: String, maxColumns: Int = 64) -> [String] {
        var mine = events.filter { $0.stream.hasPrefix(prefix + " · ") }
        if let first = mine.first?.stream,
            let start = mine.lastIndex(where: { $0.stream == first && $0.kind == .subscribed })
        {
            mine = Array(mine[start...])
        }
        guard let first = mine.first, let last = mine.last else { return [] }
        var names: [String] = []
        for event in mine where !names.contains(event.stream) { names.append(event.stream) }
        let step = stepSize(span: last.time - first.time, maxColumns: maxColumns).wholeMilliseconds
        let origin = first.time.wholeMilliseconds / step
        let column = { (time: Duration) in Int(time.wholeMilliseconds / step - origin) }
        // Room after the last event for a group such as "(m|)".
        let width = column(last.time) + 6
        let labels = names.map { label($0, prefix) }
        let labelWidth = max(labels.map(\.count).max() ?? 0, 4)
        // Each stream as cells of marks per column; a column with several marks is widened
        // for every stream, so the streams stay aligned in time.
        let streams = names.map { name in cells(mine.filter { $0.stream == name }, width: width, column: column, label: label(name, prefix)) }
        var columnWidths = [Int](repeating: 1, count: width)
        for stream in streams {
            for (index, cell) in stream.enumerated() { columnWidths[index] = max(columnWidths[index], cell.text.count) }
        }
        var lines: [String] = []
        var legend: [String] = []
        for (name, label) in zip(names, labels) {
            let stream = streams[names.firstIndex(of: name)!]
            let drawn = zip(stream, columnWidths).map { cell, width in
                cell.text + String(repeating: cell.fill, count: width - cell.text.count)
            }
            lines.append(pad(label, labelWidth) + "  " + drawn.joined())
            guard let value = mine.filter({ $0.stream == name }).lastValue else { continue }
            let entry = isBoolean(label) ? "t = true, f = false" : "\(symbol(for: label, value: value)) = \(value)"
            if !legend.contains(entry) { legend.append(entry) }
        }
        lines.append(pad("time", labelWidth) + "  " + scale(columnWidths, origin: origin, step: step))
        var key = "- = \(step) ms (a group such as (M|) is one step, widened), | completed, # error, ! cancelled"
        if !legend.isEmpty { key = legend.joined(separator: ", ") + "; " + key }
        lines.append(key.sanitizedForTerminal)
        return lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    private static func label(_ name: String, _ prefix: String) -> String { String(name.dropFirst(prefix.count + 3)) }

    /// 100 ms a column, or coarser so the whole span fits.
    static func stepSize(span: Duration, maxColumns: Int) -> Duration {
        for ms in [100, 200, 500, 1000, 2000, 5000, 10_000, 60_000] where span.wholeMilliseconds / Int64(ms) < maxColumns - 2 {
            return .milliseconds(ms)
        }
        return .seconds(600)
    }

    /// One column of a stream: its marks ("", "t", "(o|)") and what fills the rest of it.
    struct Cell {
        var text = ""
        var fill: Character = " "
    }

    private static func cells(_ events: [TraceEvent], width: Int, column: (Duration) -> Int, label: String) -> [Cell] {
        var cells = [Cell](repeating: Cell(), count: width)
        var marks = [[Character]](repeating: [], count: width)
        var activeFrom: Int?
        func fill(to end: Int) {
            guard let start = activeFrom else { return }
            for index in start...min(end, width - 1) { cells[index].fill = "-" }
            activeFrom = nil
        }
        for event in events {
            let at = min(column(event.time), width - 1)
            switch event.kind {
            case .subscribed: activeFrom = at
            case .next(let value): marks[at].append(symbol(for: label, value: value))
            case .failed:
                marks[at].append("#")
                fill(to: at)
            case .completed:
                marks[at].append("|")
                fill(to: at)
            case .disposed:
                marks[at].append("!")
                fill(to: at)
            }
        }
        fill(to: width - 1)
        for index in 0..<width {
            let here = marks[index]
            cells[index].text = here.count > 1 ? "(" + String(here) + ")" : here.isEmpty ? String(cells[index].fill) : String(here)
        }
        return cells
    }

    /// The letter a value is drawn as: t/f for booleans, a fixed letter for the known streams.
    static func symbol(for label: String, value: String) -> Character {
        symbols(for: label, value: value) ?? value.first.map { Character($0.lowercased()) } ?? "v"
    }

    private static func symbols(for label: String, value: String) -> Character? {
        if isBoolean(label) { return value == "true" ? "t" : "f" }
        switch label {
        case "delay(1s)": return "o"
        case "favorites": return "F"
        case "comments": return "C"
        case "metadata": return "M"
        default: return nil
        }
    }

    private static func isBoolean(_ label: String) -> Bool {
        ["isVisible", "isSearchValid", "executing"].contains(label)
    }

    /// Time labels every 10 columns, at the widened columns' offsets.
    private static func scale(_ widths: [Int], origin: Int64, step: Int64) -> String {
        var line = ""
        var offset = 0
        for (index, width) in widths.enumerated() {
            if index % 10 == 0, line.count <= offset {
                let tenths = (origin + Int64(index)) * step / 100
                line += String(repeating: " ", count: offset - line.count) + "^\(tenths / 10).\(tenths % 10)s"
            }
            offset += width
        }
        return line
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

extension Array where Element == TraceEvent {
    /// The value of the last `next` event.
    var lastValue: String? {
        for event in reversed() { if case .next(let value) = event.kind { return value } }
        return nil
    }
}
