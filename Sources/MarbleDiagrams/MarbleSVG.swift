import MarbleNotation
import Reactive
import TerminalText

/// Draws a `MarbleDiagram` as a standalone SVG on the same axis as the text: its title, lanes,
/// labelled marbles, end marks, a ruler and the key. Pixel geometry is on the root element's
/// `data-` attributes so a test can find the marbles on a screenshot: a time t is at
/// data-left + (t - data-origin-ms) / data-step-ms columns of data-column-width pixels.
public enum MarbleSVG {
    /// Pixels per column, per lane line, per stacked level, per character of a label.
    static let columnWidth = 24, laneHeight = 44, levelHeight = 26, charWidth = 9, top = 36
    static let marbleFill = "#e67814", completedStroke = "#14783c", errorFill = "#c80000"
    static let cancelledStroke = "#787878", laneStroke = "#3c3c3c"

    /// The SVG document of the diagram, every text from data sanitised and escaped. `title` (what
    /// the diagram shows: which row, search or definition) is its `<title>` and its heading, so
    /// a picture saved on its own still says what it is.
    public static func svg(_ diagram: MarbleDiagram, title: String? = nil) -> String {
        let left = diagram.labelWidth * charWidth + 24
        let columns = diagram.layout.columns
        let titleHeight = title == nil ? 0 : 26
        var body: [String] = []
        if let title { body.append(text(12, 22, title, weight: "bold", size: 16)) }
        body.append(text(12, titleHeight + 22, diagram.header, weight: title == nil ? "bold" : "normal"))
        var y = top + titleHeight + laneHeight / 2
        for (lane, grid) in zip(diagram.lanes, diagram.grids) {
            body.append(text(12, y + 5, diagram.label(lane)))
            body += laneMarks(grid, y: y, left: left, symbols: diagram.symbols)
            y += laneHeight + (grid.levels - 1) * levelHeight
        }
        body += ruler(diagram, y: y - laneHeight / 2 + 8, left: left)
        var keyY = y + 40
        for line in MarbleText.key(diagram) {
            body.append(text(12, keyY, line))
            keyY += 20
        }
        let titleWidth = (title?.count ?? 0) * (charWidth + 1) + 24
        let width = max(left + columns * columnWidth + 24, 80 * charWidth, titleWidth)
        let height = keyY + 4
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" data-left="\(left)" data-column-width="\(columnWidth)" \
            data-origin-ms="\(diagram.layout.origin.wholeMilliseconds)" \
            data-step-ms="\(diagram.layout.step.wholeMilliseconds)" \
            font-family="DejaVu Sans Mono, monospace" font-size="14">
            \(title.map { "<title>" + $0.sanitizedForTerminal.xmlEscaped + "</title>\n" } ?? "")<rect width="100%" height="100%" fill="#ffffff"/>
            \(body.joined(separator: "\n"))
            </svg>

            """
    }

    /// The x of a column's centre.
    static func x(_ column: Int, _ left: Int) -> Int { left + column * columnWidth + columnWidth / 2 }

    static func laneMarks(_ grid: MarbleGrid, y: Int, left: Int, symbols: MarbleSymbols) -> [String] {
        guard let alive = grid.alive else { return [] }
        let start = x(alive.lowerBound, left) - columnWidth / 2
        var marks = [line(start, y, x(alive.upperBound, left), y, stroke: laneStroke, width: 2)]
        for mark in grid.marks {
            let cx = x(mark.column, left)
            let cy = y + mark.level * levelHeight
            switch mark.event.kind {
            case .value(let value):
                marks.append(
                    "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"10\" fill=\"\(marbleFill)\"><title>"
                        + value.sanitizedForTerminal.xmlEscaped + "</title></circle>")
                marks.append(text(cx, cy + 5, String(symbols.symbol(for: value)), anchor: "middle", fill: "#ffffff"))
            case .completed:
                marks.append(line(cx, cy - 12, cx, cy + 12, stroke: completedStroke, width: 4))
            case .failed(let error):
                marks.append(
                    "<rect x=\"\(cx - 9)\" y=\"\(cy - 9)\" width=\"18\" height=\"18\" fill=\"\(errorFill)\">"
                        + "<title>" + error.sanitizedForTerminal.xmlEscaped + "</title></rect>")
                marks.append(text(cx, cy + 5, "#", anchor: "middle", fill: "#ffffff"))
            case .cancelled:
                marks.append(line(cx - 8, cy - 8, cx + 8, cy + 8, stroke: cancelledStroke, width: 4))
                marks.append(line(cx + 8, cy - 8, cx - 8, cy + 8, stroke: cancelledStroke, width: 4))
            }
        }
        return marks
    }

    static func ruler(_ diagram: MarbleDiagram, y: Int, left: Int) -> [String] {
        let end = left + diagram.layout.columns * columnWidth
        var parts = [text(12, y + 18, "time"), line(left, y, end, y, stroke: "#999999", width: 1)]
        let firstStep = diagram.layout.origin.wholeMilliseconds / diagram.layout.step.wholeMilliseconds
        for column in 0..<diagram.layout.columns where (firstStep + Int64(column)) % 5 == 0 {
            let tick = left + column * columnWidth
            parts.append(line(tick, y - 3, tick, y + 3, stroke: "#999999", width: 1))
        }
        for column in diagram.labelledTicks {
            let tick = left + column * columnWidth
            parts.append(line(tick, y - 6, tick, y + 6, stroke: "#999999", width: 1))
            let label = diagram.layout.label(diagram.layout.time(ofColumn: column))
            parts.append(text(tick, y + 20, label, anchor: "middle"))
        }
        return parts
    }

    static func line(_ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int, stroke: String, width: Int) -> String {
        "<line x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\" stroke=\"\(stroke)\" stroke-width=\"\(width)\"/>"
    }

    static func text(
        _ x: Int, _ y: Int, _ content: String, anchor: String = "start", fill: String = "#202020",
        weight: String = "normal", size: Int? = nil
    ) -> String {
        let fontSize = size.map { " font-size=\"\($0)\"" } ?? ""
        return
            "<text x=\"\(x)\" y=\"\(y)\" text-anchor=\"\(anchor)\" fill=\"\(fill)\" font-weight=\"\(weight)\"\(fontSize)>"
            + content.sanitizedForTerminal.xmlEscaped + "</text>"
    }
}
