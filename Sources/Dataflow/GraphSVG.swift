import TerminalText

/// `graph --svg` and the graph's figure in `export html`: the graph as a picture, laid out by
/// Graphviz when it can be run (`GraphvizPlain`), otherwise by `GraphLayout` (what reads on the
/// right, its sources to the left); a box per node (`<g class="node" data-name="…">`, ended nodes
/// dashed and grey) and an arrow per edge.
public enum GraphSVG {
    static let charWidth = 8, boxHeight = 40, rowGap = 16, columnGap = 56, margin = 16, top = 44

    /// The picture of `graph`; `graphviz` runs Graphviz's `dot -Tplain` on a DOT text (nil
    /// when it cannot), whose layout the picture takes when it reads well (`GraphvizPlain`).
    public static func svg(_ graph: DataflowGraph, title: String, graphviz: ((String) -> String?)? = nil) -> String {
        let labels = graph.nodes.indices.map { [graph.nodes[$0].name, GraphText.state(graph, $0)] }
        let widths = labels.map { ($0.map(\.count).max() ?? 0) * charWidth + 20 }
        let edges = graph.nodes.indices.flatMap { index in
            graph.nodes[index].readers.map { GraphLayout.Edge(source: index, reader: $0) }
        }
        let geometry =
            graphviz.flatMap { GraphGeometry(graphviz: $0, edges: edges, widths: widths) }
            ?? GraphGeometry(GraphLayout(graph), graph, widths: widths)
        var body = [text(margin, 24, title.sanitizedForTerminal, bold: true, size: 15)]
        body += geometry.arrows.map(arrow)
        for (index, node) in graph.nodes.enumerated() {
            let box = geometry.boxes[index]
            let (x, y) = (box.x + margin, box.y + top)
            let live = node.subscription.isLive
            body.append(
                "<g class=\"node\" data-name=\"\(node.name.sanitizedForTerminal.xmlEscaped)\">"
                    + "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(box.width)\" height=\"\(boxHeight)\" rx=\"6\" "
                    + (live
                        ? "fill=\"#eaf4ec\" stroke=\"#14783c\""
                        : "fill=\"#f4f4f4\" stroke=\"#787878\" stroke-dasharray=\"5 3\"")
                    + " stroke-width=\"2\"/>"
                    + text(x + 10, y + 17, labels[index][0].sanitizedForTerminal, bold: true)
                    + text(x + 10, y + 33, labels[index][1]) + "</g>")
        }
        let width = max(geometry.width + 2 * margin, title.count * (charWidth + 1) + 2 * margin)
        let height = top + geometry.height + 2 * margin
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="DejaVu Sans Mono, monospace" font-size="13">
            <title>\(title.sanitizedForTerminal.xmlEscaped)</title>
            <rect width="100%" height="100%" fill="#ffffff"/>
            \(body.joined(separator: "\n"))
            </svg>

            """
    }

    /// An edge's line, then its head drawn as a path of its own, 9 long along the line's last
    /// direction (no marker: a page holding several pictures shares no ids).
    static func arrow(_ arrow: GraphGeometry.Arrow) -> String {
        func at(_ point: GraphGeometry.Point) -> String {
            "\(number(point.x + Double(margin))),\(number(point.y + Double(top)))"
        }
        var d = "M" + at(arrow.start)
        var last = arrow.start
        for piece in arrow.pieces {
            switch piece {
            case .curve(let first, let second, let end):
                d += " C\(at(first)) \(at(second)) \(at(end))"
                last = end == arrow.tip ? second : end
            case .line(let end):
                d += " L" + at(end)
                last = end
            }
        }
        let tip = arrow.tip
        var (dx, dy) = (tip.x - last.x, tip.y - last.y)
        let length = (dx * dx + dy * dy).squareRoot()
        (dx, dy) = length > 0 ? (dx / length, dy / length) : (1, 0)
        let base = GraphGeometry.Point(x: tip.x - 9 * dx, y: tip.y - 9 * dy)
        let left = GraphGeometry.Point(x: base.x + 5 * dy, y: base.y - 5 * dx)
        let right = GraphGeometry.Point(x: base.x - 5 * dy, y: base.y + 5 * dx)
        return "<path d=\"\(d)\" fill=\"none\" stroke=\"#3c3c3c\" stroke-width=\"1.5\"/>"
            + "<path d=\"M\(at(tip)) L\(at(left)) L\(at(right)) z\" fill=\"#3c3c3c\"/>"
    }

    /// A coordinate to a tenth, without a trailing `.0`: whole numbers (the own layout's) as before.
    static func number(_ value: Double) -> String {
        let tenths = Int((abs(value) * 10).rounded())
        let sign = value < 0 && tenths > 0 ? "-" : ""
        return sign + "\(tenths / 10)" + (tenths % 10 == 0 ? "" : ".\(tenths % 10)")
    }

    static func text(_ x: Int, _ y: Int, _ content: String, bold: Bool = false, size: Int? = nil) -> String {
        "<text x=\"\(x)\" y=\"\(y)\"" + (bold ? " font-weight=\"bold\"" : "")
            + (size.map { " font-size=\"\($0)\"" } ?? "") + ">" + content.xmlEscaped + "</text>"
    }
}
