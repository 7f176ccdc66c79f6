/// Where vmsh keeps its files, as the XDG Base Directory specification says: under
/// `$XDG_DATA_HOME` (or `_CONFIG_`, `_STATE_`) when that is absolute, a relative one being
/// ignored, else under the specification's default in an absolute `$HOME`.
public enum XDGDirectory: Sendable {
    case data, config, state

    /// `<base>/vmsh/<name>`, or nil when neither variable names an absolute directory.
    public func path(of name: String, environment: [String: String]) -> String? {
        let base: String
        if let own = environment[variable], own.hasPrefix("/") {
            base = own
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = Self.withoutTrailingSlashes(home) + defaultUnderHome
        } else {
            return nil
        }
        return Self.withoutTrailingSlashes(base) + "/vmsh/" + name
    }

    private var variable: String {
        switch self {
        case .data: "XDG_DATA_HOME"
        case .config: "XDG_CONFIG_HOME"
        case .state: "XDG_STATE_HOME"
        }
    }

    private var defaultUnderHome: String {
        switch self {
        case .data: "/.local/share"
        case .config: "/.config"
        case .state: "/.local/state"
        }
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
