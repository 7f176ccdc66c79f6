import TerminalViews

/// The top ViewModel's properties at one moment, as `inspect` lists them; `changes on` prints
/// the difference between the snapshots before and after each command (Redux DevTools' diff).
@MainActor
struct StateSnapshot {
    let viewModel: String
    let properties: [(name: String, value: String)]

    init(_ view: (any TerminalView)?) {
        viewModel = view.map { Navigator.typeName($0.viewModel) } ?? "none"
        properties = view?.viewModel.inspection() ?? []
    }

    /// `- name old` and `+ name new` lines for what differs, in the order `inspect` lists.
    func changes(to after: StateSnapshot) -> [String] {
        var lines: [String] = []
        if viewModel != after.viewModel {
            lines += ["- top \(viewModel)", "+ top \(after.viewModel)"]
        }
        let old = Dictionary(properties.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(after.properties.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        for (name, value) in properties where new[name] != value { lines.append("- \(name) \(value)") }
        for (name, value) in after.properties where old[name] != value { lines.append("+ \(name) \(value)") }
        return lines
    }
}
