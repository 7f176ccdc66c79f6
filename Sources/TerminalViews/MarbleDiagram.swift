import Reactive

/// Draws recorded streams as ASCII marble diagrams: `-` one time step, a letter a value,
/// `|` completed, `#` error, `!` cancelled (disposed before it ended); blank before a
/// subscription and after its end. Events in the same step are grouped: `(ft)`.
public enum MarbleDiagram {
    /// The diagram of every stream named `prefix · …`, in the order they first appeared.
    public static func render(_ events: [TraceEvent], prefix: String, maxColumns: Int = 64) -> [String] {
        let mine = events.filter { $0.stream.hasPrefix(prefix + " · ") }
        guard let first = mine.first, let last = mine.last else { return [] }
        var names: [String] = []
        for event in mine where !names.contains(event.stream) { names.append(event.stream) }
        let step = stepSize(span: last.time - first.time, maxColumns: maxColumns)
        let origin = (first.time / step).rounded(.down)
        let column = { (time: Duration) in Int((time / step).rounded(.down) - origin) }
        // Room after the last event for a group such as "(m|)".
        let width = column(last.time) + 6
        let labels = names.map { String($0.dropFirst(prefix.count + 3)) }
        let labelWidth = max(labels.map(\.count).max() ?? 0, 4)
        var lines: [String] = []
        var legend: [String] = []
        for (name, label) in zip(names, labels) {
            let stream = mine.filter { $0.stream == name }
            lines.append(pad(label, labelWidth) + "  " + row(stream, width: width, column: column, label: label))
            guard let value = stream.lastValue, let symbol = symbols(for: label, value: value) else { continue }
            let entry = symbol == "t" || symbol == "f" ? "t = true, f = false" : "\(symbol) = \(value)"
            if !legend.contains(entry) { legend.append(entry) }
        }
        lines.append(pad("time", labelWidth) + "  " + scale(width: width, origin: origin, step: step))
        var key = "- = \(milliseconds(step)) ms, | completed, # error, ! cancelled"
        if !legend.isEmpty { key = legend.joined(separator: ", ") + "; " + key }
        lines.append(key.sanitizedForTerminal)
        return lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// 100 ms a column, or coarser so the whole span fits.
    static func stepSize(span: Duration, maxColumns: Int) -> Duration {
        for ms in [100, 200, 500, 1000, 2000, 5000, 10_000, 60_000] where span / .milliseconds(ms) < Double(maxColumns - 2) {
            return .milliseconds(ms)
        }
        return .seconds(600)
    }

    private static func row(_ events: [TraceEvent], width: Int, column: (Duration) -> Int, label: String) -> String {
        var cells = [Character](repeating: " ", count: width)
        var marks = [[Character]](repeating: [], count: width)
        var activeFrom: Int?
        func fill(to end: Int) {
            guard let start = activeFrom else { return }
            for index in start...min(end, width - 1) where cells[index] == " " { cells[index] = "-" }
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
        var index = 0
        while index < width {
            let here = marks[index]
            if here.count == 1 {
                cells[index] = here[0]
            } else if here.count > 1 {
                let group = Array("(" + String(here) + ")")
                for (offset, character) in group.enumerated() where index + offset < width { cells[index + offset] = character }
                index += group.count - 1
            }
            index += 1
        }
        return String(cells)
    }

    /// The letter a value is drawn as: t/f for booleans, a fixed letter for the known streams.
    static func symbol(for label: String, value: String) -> Character {
        symbols(for: label, value: value) ?? value.first.map { Character($0.lowercased()) } ?? "v"
    }

    private static func symbols(for label: String, value: String) -> Character? {
        switch label {
        case "isVisible", "isSearchValid", "executing": return value == "true" ? "t" : "f"
        case "delay(1s)": return "o"
        case "favorites": return "f"
        case "comments": return "c"
        case "metadata": return "m"
        default: return nil
        }
    }

    private static func scale(width: Int, origin: Double, step: Duration) -> String {
        var cells = [Character](repeating: " ", count: width)
        var index = 0
        while index < width {
            let seconds = (origin + Double(index)) * (step / .seconds(1))
            let label = Array("^" + format(seconds) + "s")
            if index + label.count <= width + 6 {
                for (offset, character) in label.enumerated() {
                    if index + offset < cells.count { cells[index + offset] = character } else { cells.append(character) }
                }
            }
            index += 10
        }
        return String(cells)
    }

    private static func format(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    private static func milliseconds(_ duration: Duration) -> Int { Int(duration / .milliseconds(1)) }

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
