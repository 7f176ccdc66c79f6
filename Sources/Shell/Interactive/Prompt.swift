import TerminalViews

extension Shell {
    /// Where the user is in the navigation stack, e.g. `vmsh search›"sunset"› `: each View
    /// below the root says its own part.
    public func prompt(unicode: Bool) -> String {
        let separator = unicode ? "›" : ">"
        let parts = navigator.stack.map { $0.promptPart(separator: separator, unicode: unicode) }.filter { !$0.isEmpty }
        return (["vmsh"] + [parts.joined(separator: separator)]).filter { !$0.isEmpty }.joined(separator: " ")
            + separator + " "
    }
}
