import TerminalText

/// `graph --svg` and the graph's figure in `export html`: the graph as a picture, sources on the
/// left and what reads them to the right, a column per step from the sources; a box per node
/// (`<g class="node" data-name="…">`, ended nodes dashed and grey) and an arrow per edge.
public enum GraphSVG {
    static let charWidth = 8, boxHeight = 40, rowGap = 16, columnGap = 56, margin = 16, top = 44

    public static func svg(_ graph: DataflowGraph, title: String) -> String {
        let columns = self.columns(graph)
        let count = (columns.max() ?? -1) + 1
        var rows = Array(repeating: 0, count: count)
        var place: [(column: Int, row: Int)] = []
        for column in columns {
            place.append((column, rows[column]))
            rows[column] += 1
        }
        let labels = graph.nodes.indices.map { [graph.nodes[$0].name, GraphText.state(graph, $0)] }
        var widths = Array(repeating: 0, count: count)
        for (index, column) in columns.enumerated() {
            let longest = labels[index].map(\.count).max() ?? 0
            widths[column] = max(widths[column], longest * charWidth + 20)
        }
        var lefts: [Int] = []
        var x = margin
        for width in widths {
            lefts.append(x)
            x += width + columnGap
        }
        func box(_ index: Int) -> (x: Int, y: Int, width: Int) {
            let (column, row) = place[index]
            return (lefts[column], top + row * (boxHeight + rowGap), widths[column])
        }
        var body = [text(margin, 24, title.sanitizedForTerminal, bold: true, size: 15)]
        for (index, node) in graph.nodes.enumerated() {
            for reader in node.readers { body.append(arrow(from: box(index), to: box(reader))) }
        }
        for (index, node) in graph.nodes.enumerated() {
            let (x, y, width) = box(index)
            let live = node.subscription.isLive
            body.append(
                "<g class=\"node\" data-name=\"\(node.name.sanitizedForTerminal.xmlEscaped)\">"
                    + "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(boxHeight)\" rx=\"6\" "
                    + (live
                        ? "fill=\"#eaf4ec\" stroke=\"#14783c\""
                        : "fill=\"#f4f4f4\" stroke=\"#787878\" stroke-dasharray=\"5 3\"")
                    + " stroke-width=\"2\"/>"
                    + text(x + 10, y + 17, labels[index][0].sanitizedForTerminal, bold: true)
                    + text(x + 10, y + 33, labels[index][1]) + "</g>")
        }
        let width = max(x - columnGap + margin, title.count * (charWidth + 1) + 2 * margin)
        let height = top + (rows.max() ?? 0) * (boxHeight + rowGap) + margin
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="DejaVu Sans Mono, monospace" font-size="13">
            <title>\(title.sanitizedForTerminal.xmlEscaped)</title>
            <rect width="100%" height="100%" fill="#ffffff"/>
            \(body.joined(separator: "\n"))
            </svg>

            """
    }

    /// Each node's column: one more than its furthest source's, sources in column 0.
    static func columns(_ graph: DataflowGraph) -> [Int] {
        var columns: [Int?] = Array(repeating: nil, count: graph.nodes.count)
        var visiting: Set<Int> = []
        func column(_ index: Int) -> Int {
            if let known = columns[index] { return known }
            // A loop the recording made (a subject sent into by what it drives) stops here.
            guard visiting.insert(index).inserted else { return 0 }
            let found = graph.nodes[index].sources.map { column($0) + 1 }.max() ?? 0
            columns[index] = found
            return found
        }
        return graph.nodes.indices.map(column)
    }

    /// A curve from the source's right side to the reader's left, ending in a head drawn as a
    /// path of its own (no marker: a page holding several pictures shares no ids).
    static func arrow(from source: (x: Int, y: Int, width: Int), to reader: (x: Int, y: Int, width: Int)) -> String {
        let (x1, y1) = (source.x + source.width, source.y + boxHeight / 2)
        let (x2, y2) = (reader.x, reader.y + boxHeight / 2)
        let middle = (x1 + x2) / 2
        return "<path d=\"M\(x1),\(y1) C\(middle),\(y1) \(middle),\(y2) \(x2 - 8),\(y2)\" fill=\"none\" "
            + "stroke=\"#3c3c3c\" stroke-width=\"1.5\"/>"
            + "<path d=\"M\(x2),\(y2) L\(x2 - 9),\(y2 - 5) L\(x2 - 9),\(y2 + 5) z\" fill=\"#3c3c3c\"/>"
    }

    static func text(_ x: Int, _ y: Int, _ content: String, bold: Bool = false, size: Int? = nil) -> String {
        "<text x=\"\(x)\" y=\"\(y)\"" + (bold ? " font-weight=\"bold\"" : "")
            + (size.map { " font-size=\"\($0)\"" } ?? "") + ">" + content.xmlEscaped + "</text>"
    }
}
