import EventLoop
import Shell

extension Shell {
    /// How `graph --svg` and the graph's figure are laid out: by Graphviz, through this runner of
    /// `dot -Tplain` (vmsh sets `Shell.dot`), or by vmsh's own layout when nil (as in the tests,
    /// so a picture is the same on every machine) or when dot gives nothing usable.
    public var graphviz: ((String) -> String?)? {
        get { context.instruments.graphviz }
        set { context.instruments.graphviz = newValue }
    }

    /// Graphviz's `dot -Tplain` on a DOT text, if `dot` is on PATH and done within 2 seconds.
    public nonisolated static func dot(_ input: String) -> String? {
        HelperProgram.output(of: "dot", arguments: ["-Tplain"], input: input, limit: .seconds(2))
    }
}
