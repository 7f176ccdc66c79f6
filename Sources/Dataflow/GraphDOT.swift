import TerminalText

/// `graph --dot`: the graph in Graphviz's language, for `dot -Tsvg`: a box per node with its
/// state, an arrow from each node to what reads it, ended nodes dashed.
public enum GraphDOT {
    public static func dot(_ graph: DataflowGraph, title: String) -> String {
        var lines = [
            "digraph dataflow {",
            "  graph [rankdir=LR, labelloc=t, fontname=\"DejaVu Sans Mono\", label=\(quoted(title))];",
            "  node [shape=box, style=rounded, fontname=\"DejaVu Sans Mono\", fontsize=11];",
        ]
        for (index, node) in graph.nodes.enumerated() {
            let style = node.subscription.isLive ? "" : ", style=\"rounded,dashed\", color=gray40"
            let label = quoted(node.name + "\n" + GraphText.state(graph, index))
            lines.append("  n\(index) [label=\(label)\(style)];")
        }
        for (index, node) in graph.nodes.enumerated() {
            for reader in node.readers { lines.append("  n\(index) -> n\(reader);") }
        }
        return (lines + ["}", ""]).joined(separator: "\n")
    }

    /// A DOT string: sanitised text, its quotes and backslashes escaped, lines as `\n`.
    static func quoted(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var escaped = ""
            for character in String(line).sanitizedForTerminal {
                if character == "\\" || character == "\"" { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped
        }
        return "\"" + lines.joined(separator: "\\n") + "\""
    }
}
