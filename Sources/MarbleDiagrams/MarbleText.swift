import Reactive
import TerminalText

/// Draws a `MarbleDiagram` as text: a header naming the step, one line per lane (plus a line
/// under it for each extra event in one column), a ruler and a short key.
public enum MarbleText {
    /// The diagram's lines, none longer than its width, every name and value sanitised.
    public static func lines(_ diagram: MarbleDiagram) -> [String] {
        let layout = diagram.layout
        let indent = String(repeating: " ", count: diagram.labelWidth + 2)
        var lines = [diagram.header]
        for (lane, grid) in zip(diagram.lanes, diagram.grids) {
            let drawn = grid.lines(columns: layout.columns, symbols: diagram.symbols)
            lines.append(pad(diagram.label(lane), diagram.labelWidth) + "  " + drawn[0])
            lines += drawn.dropFirst().map { indent + $0 }
        }
        lines += ruler(diagram, indent: indent)
        lines += key(diagram)
        return lines.map(trimmed)
    }

    /// A tick line (`+` every tenth step, labelled below, `'` every fifth, `.` between).
    static func ruler(_ diagram: MarbleDiagram, indent: String) -> [String] {
        let ticks = Set(diagram.labelledTicks)
        let firstStep = diagram.layout.origin.wholeMilliseconds / diagram.layout.step.wholeMilliseconds
        let marks = (0..<diagram.layout.columns).map { column -> Character in
            ticks.contains(column) ? "+" : (firstStep + Int64(column)) % 5 == 0 ? "'" : "."
        }
        var labels = ""
        let width = diagram.layout.columns
        for column in diagram.labelledTicks where labels.count <= column {
            let label = diagram.layout.label(diagram.layout.time(ofColumn: column))
            guard column + label.count <= width else { break }
            labels += String(repeating: " ", count: column - labels.count)
            labels += label
        }
        return [pad("time", diagram.labelWidth) + "  " + String(marks), indent + labels]
    }

    /// "key: t = true, …" wrapped at the diagram's width: every value shown and every mark shown.
    static func key(_ diagram: MarbleDiagram) -> [String] {
        let width = diagram.width
        var entries = diagram.shownValues.map { "\($0.symbol) = \(shown($0.value))" }
        let marks = diagram.shownMarks
        if marks.completed { entries.append("| completed") }
        // One error's text, so the entry fits the narrowest diagram; the trace has them all.
        if let error = marks.errors.first {
            entries.append("# error: " + shown(error) + (marks.errors.count > 1 ? "; …" : ""))
        }
        if marks.cancelled { entries.append("! cancelled") }
        if marks.stacked { entries.append("stacked marks: same step, in order") }
        var lines: [String] = []
        var line = "key:"
        for (index, entry) in entries.enumerated() {
            let piece = entry + (index < entries.count - 1 ? "," : "")
            if line.count + 1 + piece.count > width, line.count > 4 {
                lines.append(line)
                line = "    "
            }
            line += " " + piece
        }
        return entries.isEmpty ? [] : lines + [line]
    }

    /// A value as the key shows it: sanitised, at most 16 characters, quoted when blank-edged.
    static func shown(_ value: String) -> String {
        let clean = value.sanitizedForTerminal
        let short = clean.count <= 16 ? clean : String(clean.prefix(15)) + "…"
        return short.isEmpty || short.first == " " || short.last == " " ? "\"\(short)\"" : short
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    static func trimmed(_ line: String) -> String {
        String(line.reversed().drop(while: { $0 == " " }).reversed())
    }
}
