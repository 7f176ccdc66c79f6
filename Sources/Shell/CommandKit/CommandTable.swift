/// Every command, in the order `help` lists them, and how a typed name finds one.
@MainActor
struct CommandTable {
    let commands: [ShellCommand]

    static let standard: CommandTable = CommandTable(
        commands: searchCommands + navigationCommands + [wait, help, quit] + teachingCommands + expectCommands
            + photoCommands + lessonCommands + [type] + playgroundCommands)

    /// The command called `name` (or one of its aliases), in any letter case.
    func command(named name: String) -> ShellCommand? {
        let lowered = name.lowercased()
        return commands.first { $0.name == lowered || $0.aliases.contains(lowered) }
    }

    /// The closest command name to a mistyped one, if any is close enough to suggest.
    func suggestion(for name: String) -> String? {
        let lowered = name.lowercased()
        if let exact = command(named: lowered) { return exact.name }
        let ranked = commands.map { ($0.name, Parse.distance(lowered, $0.name)) }
            .filter { $0.1 <= max(1, $0.0.count / 3) || $0.0.hasPrefix(lowered) && lowered.count >= 2 }
            .sorted { $0.1 < $1.1 }
        return ranked.first?.0
    }
}
