import TerminalText

/// `graph --svg` and the graph's figure in `export html`: the graph as a picture, laid out by
/// `GraphLayout` (what reads on the right, its sources to the left); a box per node
/// (`<g class="node" data-name="…">`, ended nodes dashed and grey) and an arrow per edge.
public enum GraphSVG {
    static let charWidth = 8, boxHeight = 40, rowGap = 16, columnGap = 56, margin = 16, top = 44

    public static func svg(_ graph: DataflowGraph, title: String) -> String {
        let layout = GraphLayout(graph)
        let count = layout.rows.count
        let labels = graph.nodes.indices.map { [graph.nodes[$0].name, GraphText.state(graph, $0)] }
        var widths = Array(repeating: 0, count: count)
        for (index, (column, _)) in layout.places.enumerated() {
            let longest = labels[index].map(\.count).max() ?? 0
            widths[column] = max(widths[column], longest * charWidth + 20)
        }
        var lefts: [Int] = []
        var x = margin
        for width in widths {
            lefts.append(x)
            x += width + columnGap
        }
        func slot(_ place: GraphLayout.Place) -> (x: Int, y: Int, width: Int) {
            (lefts[place.column], top + place.row * (boxHeight + rowGap), widths[place.column])
        }
        func box(_ index: Int) -> (x: Int, y: Int, width: Int) { slot(layout.places[index]) }
        var body = [text(margin, 24, title.sanitizedForTerminal, bold: true, size: 15)]
        for (index, node) in graph.nodes.enumerated() {
            for reader in node.readers {
                let passes = layout.passes[GraphLayout.Edge(source: index, reader: reader)] ?? []
                body.append(arrow(from: box(index), to: box(reader), through: passes.map(slot)))
            }
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
        let height = top + (layout.rows.max() ?? 0) * (boxHeight + rowGap) + margin
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="DejaVu Sans Mono, monospace" font-size="13">
            <title>\(title.sanitizedForTerminal.xmlEscaped)</title>
            <rect width="100%" height="100%" fill="#ffffff"/>
            \(body.joined(separator: "\n"))
            </svg>

            """
    }

    /// A curve from the source's right side to the reader's left, straight across each slot it
    /// passes through, ending in a head drawn as a path of its own (no marker: a page holding
    /// several pictures shares no ids).
    static func arrow(
        from source: (x: Int, y: Int, width: Int), to reader: (x: Int, y: Int, width: Int),
        through passes: [(x: Int, y: Int, width: Int)] = []
    ) -> String {
        var (x1, y1) = (source.x + source.width, source.y + boxHeight / 2)
        let (x2, y2) = (reader.x, reader.y + boxHeight / 2)
        var d = "M\(x1),\(y1)"
        func curve(to x: Int, _ y: Int, endingAt end: Int? = nil) {
            let middle = (x1 + x) / 2
            d += " C\(middle),\(y1) \(middle),\(y) \(end ?? x),\(y)"
        }
        for pass in passes {
            curve(to: pass.x, pass.y + boxHeight / 2)
            (x1, y1) = (pass.x + pass.width, pass.y + boxHeight / 2)
            d += " L\(x1),\(y1)"
        }
        curve(to: x2, y2, endingAt: x2 - 8)
        return "<path d=\"\(d)\" fill=\"none\" stroke=\"#3c3c3c\" stroke-width=\"1.5\"/>"
            + "<path d=\"M\(x2),\(y2) L\(x2 - 9),\(y2 - 5) L\(x2 - 9),\(y2 + 5) z\" fill=\"#3c3c3c\"/>"
    }

    static func text(_ x: Int, _ y: Int, _ content: String, bold: Bool = false, size: Int? = nil) -> String {
        "<text x=\"\(x)\" y=\"\(y)\"" + (bold ? " font-weight=\"bold\"" : "")
            + (size.map { " font-size=\"\($0)\"" } ?? "") + ">" + content.xmlEscaped + "</text>"
    }
}
