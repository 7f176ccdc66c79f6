import Reactive
import TerminalText

/// Draws a `MarbleDiagram` as text: a header naming the step and its origin, one line per lane
/// in the notation `expect-marbles` reads (a group `(ab)` widens its column on every lane, the
/// others blank there, as marble strings allow), a ruler and a short key. A lane's line pastes
/// back into `expect-marbles` unless its symbols spell a duration between blanks (`4s `), which
/// the notation reads as time; `MarbleNotation.marbles(of:)` writes every lane unambiguously.
public enum MarbleText {
    /// The diagram's lines, none longer than its width, every name and value sanitised.
    public static func lines(_ diagram: MarbleDiagram) -> [String] {
        let layout = diagram.layout
        let indent = String(repeating: " ", count: diagram.labelWidth + 2)
        var lines = [diagram.header]
        if let note = diagram.stepNote { lines += wrapped(note.split(separator: " ").map(String.init), diagram.width) }
        for (lane, grid) in zip(diagram.lanes, diagram.grids) {
            let cells = grid.cells(columns: layout.columns, symbols: diagram.symbols)
            lines.append(pad(diagram.label(lane), diagram.labelWidth) + "  " + joined(cells, diagram.columnWidths))
        }
        lines += ruler(diagram, indent: indent)
        lines += key(diagram)
        return lines.map(trimmed)
    }

    /// Cells padded with spaces to their columns' widths.
    static func joined(_ cells: [String], _ widths: [Int]) -> String {
        zip(cells, widths).map { pad($0, $1) }.joined()
    }

    /// A tick line (`+` every tenth step, labelled below, `'` every fifth, `.` between).
    static func ruler(_ diagram: MarbleDiagram, indent: String) -> [String] {
        let ticks = Set(diagram.labelledTicks)
        let firstStep = diagram.layout.origin.wholeMilliseconds / diagram.layout.step.wholeMilliseconds
        let marks = (0..<diagram.layout.columns).map { column -> String in
            ticks.contains(column) ? "+" : (firstStep + Int64(column)) % 5 == 0 ? "'" : "."
        }
        var labels = ""
        let widths = diagram.columnWidths
        let width = widths.reduce(0, +)
        for column in diagram.labelledTicks {
            let at = widths.prefix(column).reduce(0, +)
            guard labels.count <= at else { continue }
            let label = diagram.layout.label(diagram.layout.time(ofColumn: column))
            guard at + label.count <= width else { break }
            labels += String(repeating: " ", count: at - labels.count)
            labels += label
        }
        return [pad("time", diagram.labelWidth) + "  " + joined(marks, widths), indent + labels]
    }

    /// "key: t = true, …": every value not drawn as itself and every mark shown, wrapped at the
    /// diagram's width and at most 80 columns, so it reads on a projector and in a narrow terminal.
    static func key(_ diagram: MarbleDiagram) -> [String] {
        let width = min(diagram.width, 80)
        var entries = diagram.shownValues.filter { !diagram.symbols.isItself($0.value) }.map {
            "\($0.symbol) = \(shown($0.value))"
        }
        let marks = diagram.shownMarks
        if marks.completed { entries.append("| completed") }
        // One error's text, so the entry fits the narrowest diagram; the trace has them all.
        if let error = marks.errors.first {
            entries.append("# error: " + shown(error) + (marks.errors.count > 1 ? "; …" : ""))
        }
        if marks.cancelled { entries.append("! cancelled") }
        if marks.grouped { entries.append("(…) same step, in order") }
        // Which lanes a named scheduler delivered (deliverOn main), each scheduler once.
        var schedulers: [String] = []
        for case let name? in diagram.lanes.map(\.scheduler) where !schedulers.contains(name) {
            schedulers.append(name)
        }
        for name in schedulers {
            let lanes = diagram.lanes.filter { $0.scheduler == name }.map { diagram.label($0) }
            entries.append("on \(name): " + lanes.joined(separator: " + "))
        }
        return entries.isEmpty
            ? []
            : wrapped(
                ["key:"]
                    + entries.indices.map {
                        entries[$0] + ($0 < entries.count - 1 ? "," : "")
                    }, width)
    }

    /// Words joined by spaces into lines of at most `width`, the lines after the first indented.
    static func wrapped(_ words: [String], _ width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words {
            if line.count > 4, line.count + 1 + word.count > width {
                lines.append(line)
                line = "    "
            }
            line += line.isEmpty ? word : " " + word
        }
        return line.isEmpty ? lines : lines + [line]
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
