import Reactive
import TerminalText

/// `graph` in the terminal: each node under what reads it, as a tree from where values end up
/// back to their sources, with its state and live subscribers; a node read by several is drawn
/// once and named again as "(above)".
public enum GraphText {
    /// The most ended subscriptions drawn as trees of their own; every live one is drawn.
    public static let endedShown = 10

    /// The lines of the tree, each line at most `width` characters.
    public static func lines(_ graph: DataflowGraph, width: Int = 80) -> [String] {
        var lines: [String] = []
        var drawn: Set<Int> = []
        let sinks = graph.sinks
        let ended = sinks.filter { !graph.nodes[$0].subscription.isLive }
        let hidden = Set(ended.dropLast(endedShown))
        func draw(_ index: Int, lead: String, branch: String) {
            let node = graph.nodes[index]
            let text = node.name.sanitizedForTerminal
            guard drawn.insert(index).inserted else {
                lines.append(fit(lead + branch + text + "  (above)", width))
                return
            }
            lines.append(fit(lead + branch + text + "  " + state(graph, index), width))
            let below = lead + (branch.isEmpty ? "" : branch == "└─ " ? "   " : "│  ")
            for (position, source) in node.sources.enumerated() {
                draw(source, lead: below, branch: position == node.sources.count - 1 ? "└─ " : "├─ ")
            }
        }
        for sink in sinks where !hidden.contains(sink) { draw(sink, lead: "", branch: "") }
        // A live node read only by ended trees left out is drawn still, as a tree of its own.
        for index in graph.nodes.indices where graph.nodes[index].subscription.isLive && !drawn.contains(index) {
            draw(index, lead: "", branch: "")
        }
        if !hidden.isEmpty {
            lines.append("… and \(hidden.count.counted("earlier ended subscription")) not drawn")
        }
        return lines
    }

    /// "live, 2 subscribers", "completed at 00:01.700", "cancelled at 00:00.500"; a live node
    /// nothing recorded reads, and that cannot count its observers, is just "live".
    public static func state(_ graph: DataflowGraph, _ index: Int) -> String {
        let node = graph.nodes[index]
        guard let end = node.subscription.end else {
            let count = graph.subscriberCount(index)
            return count == 0 && node.listeners == nil ? "live" : "live, " + count.counted("subscriber")
        }
        let what: String
        switch end.kind {
        case .failed: what = "failed"
        case .disposed: what = "cancelled"
        default: what = "completed"
        }
        return "\(what) at \(end.time.clockText)"
    }

    private static func fit(_ line: String, _ width: Int) -> String {
        line.count <= width ? line : String(line.prefix(width - 1)) + "…"
    }
}
