import TerminalViews

/// The navigation stack and the top ViewModel's properties at one moment, as `stack` and
/// `inspect` list them; `changes on` prints the difference between the snapshots before and
/// after each command (Redux DevTools' diff).
@MainActor
package struct StateSnapshot {
    /// Each View on the stack, bottom first, and how `stack` names its ViewModel.
    let stack: [(view: ObjectIdentifier, name: String)]
    let properties: [(name: String, value: String)]

    init(_ navigator: Navigator) {
        stack = navigator.stack.map {
            (ObjectIdentifier($0), "\(Navigator.typeName($0.viewModel)) \($0.viewModel.title.quotedForTerminal)")
        }
        properties = navigator.top?.viewModel.inspection() ?? []
    }

    /// When the same ViewModel stayed on top: `- name old` and `+ name new` lines for what
    /// differs, in the order `inspect` lists. When the stack changed: what was popped and pushed,
    /// then what the new top shows (its properties were never the old top's to compare).
    func changes(to after: StateSnapshot) -> [String] {
        let kept = zip(stack, after.stack).prefix { $0.view == $1.view }.count
        guard kept == stack.count, kept == after.stack.count else {
            let popped = stack[kept...].reversed().map { "- pop \($0.name)" }
            let pushed = after.stack[kept...].map { "+ push \($0.name)" }
            // After a pop alone, the top is one the lines have not named yet.
            let top = pushed.isEmpty ? after.stack.last.map { ["  now on top: \($0.name)"] } ?? [] : []
            let width = after.properties.map(\.name.count).max() ?? 0
            return popped + pushed + top
                + after.properties.map { "  " + $0.name.padded(to: width) + "  " + $0.value }
        }
        let old = Dictionary(properties.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(after.properties.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        for (name, value) in properties where new[name] != value { lines.append("- \(name) \(value)") }
        for (name, value) in after.properties where old[name] != value { lines.append("+ \(name) \(value)") }
        return lines
    }
}
