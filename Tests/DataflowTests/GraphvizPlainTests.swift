import Reactive
import Testing

@testable import Dataflow

/// `graph`'s picture laid out by Graphviz: the DOT text dot is given, and what is read back from
/// a canned `dot -Tplain` output (Graphviz 2.43's, for that text); anything else in its place
/// draws the picture with vmsh's own layout.
@MainActor
struct GraphvizPlainTests {
    /// `sink` merging `a` and `b <script>`: nodes sink, a, b; edges a → sink, b → sink.
    let graph: DataflowGraph = {
        let log = EventLog(clock: { .zero })
        let a = Signal<Int>.never.traced(StreamName(owner: "x", "a"), in: log)
        let b = Signal<Int>.never.traced(StreamName(owner: "x", "b <script>"), in: log)
        _ = a.merge(with: b).traced(StreamName(owner: "x", "sink"), in: log).subscribe { _ in }
        return DataflowGraph(DataflowRecording(log.events) { String($0.dropFirst(4)) })
    }()

    /// What `dot -Tplain` printed for the DOT text `graph` makes.
    static let plain = """
        graph 1 3.7778 1.3333
        node n0 3.4167 0.66667 0.72222 0.55556 "" solid box black lightgrey
        node n1 1.1389 1.0556 2.2778 0.55556 "" solid box black lightgrey
        node n2 1.1389 0.27778 2.2778 0.55556 "" solid box black lightgrey
        edge n1 n0 4 2.2778 1.0556 2.6175 1.0556 2.6623 0.75515 2.9306 0.68239 solid black
        edge n2 n0 4 2.2778 0.27778 2.6175 0.27778 2.6623 0.57819 2.9306 0.65094 solid black
        stop

        """

    let edges = [GraphLayout.Edge(source: 1, reader: 0), GraphLayout.Edge(source: 2, reader: 0)]
    /// The boxes' widths: sink's "live", the others' "live, 1 subscriber".
    let widths = [52, 164, 164]

    func svg(_ plain: String) -> String { GraphSVG.svg(graph, title: "t", graphviz: { _ in plain }) }

    @Test func dotIsGivenEmptyBoxesOfThePicturesSizesAndTheEdges() {
        #expect(graph.nodes.map(\.name) == ["sink", "a", "b <script>"])
        var given: [String] = []
        _ = GraphSVG.svg(graph, title: "t") { input in
            given.append(input)
            return nil
        }
        #expect(given.count == 1)
        let input = given.first ?? ""
        #expect(input.hasPrefix("digraph layout {\n  graph [rankdir=LR, "))
        #expect(input.contains("node [shape=box, fixedsize=true, label=\"\", height=0.5555555555555556];"))
        #expect(input.contains("  n0 [width=0.7222222222222222];\n  n1 [width=2.2777777777777777];\n"))
        #expect(input.contains("  n1 -> n0;\n  n2 -> n0;\n}\n"))
        #expect(!input.contains("script") && !input.contains("sink"), "no name reaches dot")
        #expect(
            GraphSVG.svg(DataflowGraph(DataflowRecording([]) { $0 }), title: "none") { _ in
                Issue.record()
                return nil
            }
            .contains("<title>none</title>"), "an empty graph asks dot nothing")
    }

    @Test func theBoxesAndArrowsAreWhereDotPutThem() throws {
        let plain = try #require(GraphvizPlain(plain: Self.plain, edges: edges, widths: widths))
        let inches: [Double] = [3.4167, 1.1389, 1.1389]
        #expect(plain.centers.map(\.x) == inches.map { $0 * 72 })
        let svg = svg(Self.plain)
        // dot's y runs up, the picture's down; the drawing starts 16 right and 44 down.
        #expect(svg.contains("<rect x=\"236\" y=\"72\" width=\"52\" height=\"40\""), "sink, on the right")
        #expect(svg.contains("<rect x=\"16\" y=\"44\" width=\"164\" height=\"40\""), "a, above")
        #expect(svg.contains("<rect x=\"16\" y=\"100\" width=\"164\" height=\"40\""), "b, below")
        #expect(svg.contains("<path d=\"M180,64 C204.5,64 207.7,85.6 227,90.9\" fill=\"none\""), "dot's spline")
        // The head: its tip on sink's left side, 9 long, along the spline's last stretch.
        #expect(svg.contains("<path d=\"M236,92 L227.7,85.9 L226.4,95.8 z\""))
        #expect(svg.contains("width=\"305\" height=\"172\""), "dot's drawing, and the margins")
        #expect(svg.contains("<text x=\"26\" y=\"117\" font-weight=\"bold\">b &lt;script&gt;</text>"))
    }

    @Test func aTruncatedOutputDrawsTheOwnLayout() {
        let own = GraphSVG.svg(graph, title: "t")
        #expect(svg(Self.plain) != own)
        var lines = Self.plain.split(separator: "\n").map(String.init)
        let truncated = [
            lines.dropLast().joined(separator: "\n"),  // no stop
            (lines[..<5] + ["stop"]).joined(separator: "\n"),  // an edge missing
            lines[..<5].joined(separator: "\n") + "\nedge n2 n0 4 2.2778 0.27778 2.6175",  // cut in a line
            (lines[..<1] + lines[2...]).joined(separator: "\n"),  // a node missing
            "",
        ]
        for text in truncated {
            #expect(GraphvizPlain(plain: text, edges: edges, widths: widths) == nil, "\(text)")
            #expect(svg(text) == own)
        }
        lines[5] = "edge n2 n0 7 2.2778 0.27778 2.6175 0.27778 2.6623 0.57819 2.9306 0.65094 solid black"
        #expect(svg(lines.joined(separator: "\n")) == own, "fewer points than it says")
    }

    @Test func labelsAreNeverReadAndOnlyNumbersAsDotWritesThemAreTaken() {
        func replacing(_ old: String, _ new: String) -> GraphvizPlain? {
            GraphvizPlain(plain: Self.plain.replacing(old, with: new), edges: edges, widths: widths)
        }
        let label = "node n0 3.4167 0.66667 0.72222 0.55556 \"<script>alert(1)</script> \\\"q\\\" node n1 1 1\" solid"
        #expect(replacing("node n0 3.4167 0.66667 0.72222 0.55556 \"\" solid", label) != nil)
        #expect(!svg(Self.plain.replacing("\"\" solid box black lightgrey\nnode n1", with: label)).contains("alert"))
        // A label that breaks its line places n1 twice.
        #expect(
            replacing("\"\" solid box black lightgrey\nnode n1", "\"x\nnode n1 2 1 2.2778 0.55556 \"\"\nnode n1") == nil
        )
        for word in ["nan", "inf", "-inf", "1e999", "0x1p3", "+3.4", "3.", ".5", "3,4", "３.4", "12345", "3.4.1", "--3"]
        {
            #expect(replacing("node n0 3.4167 ", "node n0 \(word) ") == nil, "\(word)")
        }
        #expect(replacing("node n0 3.4167 ", "node n0 3.4167e-00 ") != nil, "as %.5g writes it")
        #expect(replacing("graph 1 ", "graph 2 ") == nil, "scaled")
        #expect(replacing("0.72222 0.55556", "1.5 0.55556") == nil, "a size not asked for")
        #expect(replacing("edge n1 n0 4", "edge n0 n1 4") == nil, "an edge not asked for")
        #expect(replacing("edge n1 n0 4", "edge n1 n0 +4") == nil)
        #expect(replacing("node n2 ", "node n3 ") == nil)
        #expect(replacing("node n2 1.1389", "node n2 1111.1389") == nil, "outside the drawing")
        #expect(replacing("stop\n", "stop\n<svg>\n") == nil)
        #expect(replacing("stop", "<svg onload=alert(1)>") == nil)
    }

    @Test func aCoordinateIsWrittenToATenth() {
        let values: [Double] = [12, 12.25, -0.5, -0.04, 0.04]
        #expect(values.map(GraphSVG.number) == ["12", "12.3", "-0.5", "0", "0"])
    }
}
