/// Whether output is coloured: at an interactive terminal by default; never with `--no-color`
/// or `NO_COLOR` (no-color.org); always with `FORCE_COLOR` (force-color.org), for a pager or a
/// screen recorder that wants the colours; never on a `TERM=dumb` terminal unless forced.
struct ColorChoice {
    let interactive: Bool
    let noColorFlag: Bool
    let environment: [String: String]

    var isOn: Bool {
        if noColorFlag { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if let force = environment["FORCE_COLOR"], !force.isEmpty, force != "0" { return true }
        return interactive && environment["TERM"] != "dumb"
    }
}
