/// Where `GraphSVG` draws a graph: each node's box and each edge's line, in the picture's units
/// from the top left of the drawing (below the title). Made from vmsh's own `GraphLayout`, or
/// from Graphviz's positions (`GraphvizPlain`): the drawing is the same either way.
struct GraphGeometry {
    struct Point: Equatable {
        var x: Double
        var y: Double
    }

    struct Box: Equatable {
        let x: Int
        let y: Int
        let width: Int
    }

    /// A stretch of an edge's line: a cubic Bézier curve (two control points, then its end) or a
    /// straight run.
    enum Piece: Equatable {
        case curve(Point, Point, Point)
        case line(Point)
    }

    /// An edge's line from the source's box to where its head begins, and the head's tip, on the
    /// reader's box.
    struct Arrow: Equatable {
        let start: Point
        let pieces: [Piece]
        let tip: Point
    }

    /// Each node's box, all `GraphSVG.boxHeight` high.
    let boxes: [Box]
    /// An arrow for each edge, in the order of the nodes and their readers.
    let arrows: [Arrow]
    /// The drawing's size, the boxes and arrows inside it.
    let width: Int
    let height: Int
}

extension GraphGeometry {
    /// vmsh's own layout: each column as wide as its widest box, every box in it that wide; an
    /// arrow from the source's right side to the reader's left, straight across each slot it
    /// passes through.
    init(_ layout: GraphLayout, _ graph: DataflowGraph, widths: [Int]) {
        let (boxHeight, rowGap, columnGap) = (GraphSVG.boxHeight, GraphSVG.rowGap, GraphSVG.columnGap)
        var columnWidths = Array(repeating: 0, count: layout.rows.count)
        for (index, (column, _)) in layout.places.enumerated() {
            columnWidths[column] = max(columnWidths[column], widths[index])
        }
        var lefts: [Int] = []
        var x = 0
        for width in columnWidths {
            lefts.append(x)
            x += width + columnGap
        }
        func slot(_ place: GraphLayout.Place) -> Box {
            Box(x: lefts[place.column], y: place.row * (boxHeight + rowGap), width: columnWidths[place.column])
        }
        func middle(_ box: Box, right: Bool) -> Point {
            Point(x: Double(box.x + (right ? box.width : 0)), y: Double(box.y + boxHeight / 2))
        }
        /// Bending halfway to `end`, and ending `short` of it.
        func curve(from start: Point, to end: Point, short: Double = 0) -> Piece {
            let half = ((start.x + end.x) / 2).rounded(.down)
            return .curve(Point(x: half, y: start.y), Point(x: half, y: end.y), Point(x: end.x - short, y: end.y))
        }
        let boxes = layout.places.map(slot)
        var arrows: [Arrow] = []
        for (index, node) in graph.nodes.enumerated() {
            for reader in node.readers {
                let edge = GraphLayout.Edge(source: index, reader: reader)
                let start = middle(boxes[index], right: true)
                var (from, pieces) = (start, [Piece]())
                for pass in (layout.passes[edge] ?? []).map(slot) {
                    pieces.append(curve(from: from, to: middle(pass, right: false)))
                    from = middle(pass, right: true)
                    pieces.append(.line(from))
                }
                let tip = middle(boxes[reader], right: false)
                // The line stops short of the tip, under the head.
                pieces.append(curve(from: from, to: tip, short: 8))
                arrows.append(Arrow(start: start, pieces: pieces, tip: tip))
            }
        }
        self.init(
            boxes: boxes, arrows: arrows, width: max(x - columnGap, 0),
            height: (layout.rows.max() ?? 0) * (boxHeight + rowGap) - rowGap)
    }
}
