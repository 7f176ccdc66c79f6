/// The graph laid out by Graphviz: `input` is a DOT text of empty boxes of `GraphSVG`'s sizes
/// for `dot -Tplain`, and `init?(plain:…)` reads back where dot put each box and each edge's
/// spline. Only numbers are taken from dot's output, each read strictly: anything else (a line
/// of another kind, a node or an edge not asked for or given twice, a size not asked for, a
/// missing `stop`) refuses the whole text, and `GraphSVG` falls back to `GraphLayout`.
struct GraphvizPlain {
    /// Each node's centre, in points, from dot's bottom left.
    let centers: [GraphGeometry.Point]
    /// Each edge's spline, in points: a start, then three points for each curve.
    let splines: [GraphLayout.Edge: [GraphGeometry.Point]]
    /// The drawing's size, in points.
    let width: Double
    let height: Double

    /// Empty boxes `widths` wide and `GraphSVG.boxHeight` high, sources on the left as in the own
    /// layout, each edge leaving a box's right side and entering its reader's left, its head as
    /// long as `GraphSVG`'s (so the spline ends where that head begins).
    static func input(_ edges: [GraphLayout.Edge], widths: [Int]) -> String {
        func inches(_ points: Int) -> String { "\(Double(points) / 72)" }
        var lines = [
            "digraph layout {",
            "  graph [rankdir=LR, nodesep=\(inches(GraphSVG.rowGap)), ranksep=\(inches(GraphSVG.columnGap))];",
            "  node [shape=box, fixedsize=true, label=\"\", height=\(inches(GraphSVG.boxHeight))];",
            "  edge [tailport=e, headport=w, arrowsize=0.9];",
        ]
        lines += widths.enumerated().map { "  n\($0) [width=\(inches($1))];" }
        lines += edges.map { "  n\($0.source) -> n\($0.reader);" }
        return (lines + ["}", ""]).joined(separator: "\n")
    }

    /// Reads `dot -Tplain`'s output for `input(edges, widths:)`; nil unless it places every node,
    /// at the size asked, and draws every edge, once each.
    init?(plain: String, edges: [GraphLayout.Edge], widths: [Int]) {
        var lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard lines.count >= 2, lines.removeLast() == "stop" else { return nil }
        let header = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard header.count == 4, header[0] == "graph", Self.number(header[1]) == 1,
            let width = Self.number(header[2]), let height = Self.number(header[3])
        else { return nil }
        let wanted = Set(edges)
        var centers: [GraphGeometry.Point?] = Array(repeating: nil, count: widths.count)
        var splines: [GraphLayout.Edge: [GraphGeometry.Point]] = [:]
        func node(_ name: Substring) -> Int? {
            guard name.first == "n", name.count < 10, Self.isDigits(name.dropFirst()),
                let index = Int(name.dropFirst()), centers.indices.contains(index)
            else { return nil }
            return index
        }
        for line in lines {
            // A label's words come after the numbers, and are never read.
            let words = line.split(separator: " ", omittingEmptySubsequences: false)
            switch words.first {
            case "node":
                guard words.count >= 6, let index = node(words[1]), centers[index] == nil,
                    let numbers = Self.numbers(words[2..<6]),
                    abs(numbers[2] * 72 - Double(widths[index])) < 1,
                    abs(numbers[3] * 72 - Double(GraphSVG.boxHeight)) < 1
                else { return nil }
                centers[index] = GraphGeometry.Point(x: numbers[0] * 72, y: numbers[1] * 72)
            case "edge":
                guard words.count >= 4, let source = node(words[1]), let reader = node(words[2]),
                    words[3].count < 5, Self.isDigits(words[3]), let count = Int(words[3]), count >= 4, count % 3 == 1,
                    words.count >= 4 + 2 * count, let numbers = Self.numbers(words[4..<(4 + 2 * count)])
                else { return nil }
                let edge = GraphLayout.Edge(source: source, reader: reader)
                guard wanted.contains(edge), splines[edge] == nil else { return nil }
                splines[edge] = stride(from: 0, to: numbers.count, by: 2).map {
                    GraphGeometry.Point(x: numbers[$0] * 72, y: numbers[$0 + 1] * 72)
                }
            default: return nil
            }
        }
        let placed = centers.compactMap { $0 }
        guard placed.count == centers.count, splines.count == wanted.count else { return nil }
        // Every centre inside the drawing, every spline near it: no number that would stretch the picture.
        let (right, top) = (width * 72, height * 72)
        func near(_ point: GraphGeometry.Point, _ slack: Double) -> Bool {
            point.x >= -slack && point.x <= right + slack && point.y >= -slack && point.y <= top + slack
        }
        guard placed.allSatisfy({ near($0, 1) }), splines.values.joined().allSatisfy({ near($0, 72) }) else {
            return nil
        }
        (self.centers, self.splines, self.width, self.height) = (placed, splines, right, top)
    }

    /// A decimal number as `%.5g` writes it (`12`, `-0.5`, `1.2346e+05`), of a size a drawing
    /// may have (under 10,000 inches); nil for anything else, `inf` and `nan` too.
    static func number(_ word: Substring) -> Double? {
        let (mantissa, exponent) =
            word.firstIndex(of: "e").map { (word[..<$0], word[word.index(after: $0)...]) } ?? (word, nil)
        let digits = mantissa.first == "-" ? mantissa.dropFirst() : mantissa
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard digits.count < 20, parts.count <= 2, parts.allSatisfy(isDigits)
        else { return nil }
        if let exponent {
            let sign = exponent.first == "-" || exponent.first == "+" ? exponent.dropFirst() : exponent
            guard sign.count <= 3, isDigits(sign) else { return nil }
        }
        guard let value = Double(word), value.isFinite, abs(value) < 10_000 else { return nil }
        return value
    }

    /// One or more of 0-9, and nothing else.
    static func isDigits(_ word: Substring) -> Bool { !word.isEmpty && word.utf8.allSatisfy { (48...57).contains($0) } }

    static func numbers(_ words: ArraySlice<Substring>) -> [Double]? {
        let numbers = words.compactMap(number)
        return numbers.count == words.count ? numbers : nil
    }
}

extension GraphGeometry {
    /// Graphviz's layout, when `graphviz` runs and what it prints reads well.
    init?(graphviz: (String) -> String?, edges: [GraphLayout.Edge], widths: [Int]) {
        guard !widths.isEmpty, let text = graphviz(GraphvizPlain.input(edges, widths: widths)),
            let plain = GraphvizPlain(plain: text, edges: edges, widths: widths)
        else { return nil }
        self.init(plain, widths: widths, edges: edges)
    }

    /// Graphviz's layout with `GraphSVG`'s boxes: each box where dot put its centre (dot's y runs
    /// up, the picture's down), each arrow along dot's spline, its head's tip on the reader's
    /// left side.
    init(_ plain: GraphvizPlain, widths: [Int], edges: [GraphLayout.Edge]) {
        let height = plain.height
        func point(_ point: Point) -> Point { Point(x: point.x, y: height - point.y) }
        let boxes = plain.centers.enumerated().map { index, center in
            Box(
                x: Int((center.x - Double(widths[index]) / 2).rounded()),
                y: Int((height - center.y - Double(GraphSVG.boxHeight) / 2).rounded()), width: widths[index])
        }
        let arrows = edges.map { edge in
            // Every edge has a spline of 4 points or more: the parse refused any other.
            let spline = plain.splines[edge, default: []].map(point)
            let pieces = stride(from: 1, to: spline.count - 2, by: 3).map {
                Piece.curve(spline[$0], spline[$0 + 1], spline[$0 + 2])
            }
            let reader = boxes[edge.reader]
            let tip = Point(x: Double(reader.x), y: Double(reader.y + GraphSVG.boxHeight / 2))
            return Arrow(start: spline[0], pieces: pieces, tip: tip)
        }
        self.init(
            boxes: boxes, arrows: arrows, width: Int(plain.width.rounded(.up)), height: Int(height.rounded(.up)))
    }
}
