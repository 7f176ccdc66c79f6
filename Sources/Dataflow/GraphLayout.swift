/// Where `GraphSVG` draws each node: what nothing reads in the last column, every other node one
/// column left of its furthest reader, so a tree's edges each span one column. An edge that spans
/// more (a hot source read from two depths) passes through a slot of its own in each column
/// between, so no arrow runs behind a box. A column's boxes and slots are in the order a walk
/// from the readers back through their sources meets them, so a tree's branches never cross.
struct GraphLayout {
    struct Edge: Hashable {
        let source: Int
        let reader: Int
    }

    typealias Place = (column: Int, row: Int)

    /// Each node's column and row.
    private(set) var places: [Place]
    /// The slots an edge longer than a column passes through, from the source's side.
    private(set) var passes: [Edge: [Place]] = [:]
    /// How many rows each column holds, slots included.
    private(set) var rows: [Int]

    init(_ graph: DataflowGraph) {
        let columns = Self.columns(graph)
        places = Array(repeating: (0, 0), count: graph.nodes.count)
        rows = Array(repeating: 0, count: (columns.max() ?? -1) + 1)
        var seen = Array(repeating: false, count: graph.nodes.count)
        func next(_ column: Int) -> Place {
            defer { rows[column] += 1 }
            return (column, rows[column])
        }
        func visit(_ index: Int) {
            guard !seen[index] else { return }
            seen[index] = true
            places[index] = next(columns[index])
            for source in graph.nodes[index].sources {
                let between = (columns[source] + 1)..<columns[index]
                if !between.isEmpty {
                    passes[Edge(source: source, reader: index)] = between.reversed().map(next).reversed()
                }
                visit(source)
            }
        }
        graph.nodes.indices.filter { graph.nodes[$0].readers.isEmpty }.forEach(visit)
        // What a loop leaves unvisited, in node order.
        graph.nodes.indices.forEach(visit)
    }

    /// Each node's column: the readers nothing reads in the last, every other node one left of
    /// its furthest reader's.
    static func columns(_ graph: DataflowGraph) -> [Int] {
        var depths: [Int?] = Array(repeating: nil, count: graph.nodes.count)
        var visiting: Set<Int> = []
        func depth(_ index: Int) -> Int {
            if let known = depths[index] { return known }
            // A loop the recording made (a subject sent into by what it drives) stops here.
            guard visiting.insert(index).inserted else { return 0 }
            let found = graph.nodes[index].readers.map { depth($0) + 1 }.max() ?? 0
            depths[index] = found
            return found
        }
        let all = graph.nodes.indices.map(depth)
        let deepest = all.max() ?? 0
        return all.map { deepest - $0 }
    }
}
