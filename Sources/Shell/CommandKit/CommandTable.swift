import Playground

/// A group of commands that `help` lists together (`help app`).
@MainActor
package struct CommandTopic {
    let name: String
    /// What the group is for, after its name in `help`.
    let title: String
    let commands: [ShellCommand]

    package init(name: String, title: String, commands: [ShellCommand]) {
        (self.name, self.title, self.commands) = (name, title, commands)
    }
}

/// Every command, by topic in the order `help` lists them, and how a typed name finds one. The
/// core, the instruments and the lessons each declare their commands; the table is put together
/// above them all.
@MainActor
package struct CommandTable {
    let topics: [CommandTopic]
    let commands: [ShellCommand]

    package init(topics: [CommandTopic]) {
        self.topics = topics
        commands = topics.flatMap(\.commands)
    }

    /// The topic called `name`, if any.
    func topic(named name: String) -> CommandTopic? { topics.first { $0.name == name.lowercased() } }

    /// The command called `name` (or one of its aliases), in any letter case.
    package func command(named name: String) -> ShellCommand? {
        let lowered = name.lowercased()
        return commands.first { $0.name == lowered || $0.aliases.contains(lowered) }
    }

    /// Tells each command that serving started.
    package func servingDidStart(_ context: CommandContext) {
        for command in commands { command.servingDidStart(context) }
    }

    /// The closest command name to a mistyped one, if any is close enough to suggest.
    func suggestion(for name: String) -> String? {
        let lowered = name.lowercased()
        if let exact = command(named: lowered) { return exact.name }
        return Spelling.nearest(lowered, in: commands.map(\.name))
    }
}
