/// One shell command: its name, how to call it, what it does, an example, and its handler.
@MainActor
struct ShellCommand {
    let name: String
    let usage: String
    let summary: String
    let example: String
    let run: (Shell, String) throws -> LineOutcome
    /// True for `expect`: it looks at the output of the command before it, so it does not start
    /// a new capture.
    var readsPreviousOutput = false
}

extension Shell {
    /// Every command, in the order `help` lists them.
    static let commands: [ShellCommand] = coreCommands + teachingCommands + photoCommands

    /// Searching, navigating, time and help.
    static let coreCommands: [ShellCommand] = [
        ShellCommand(
            name: "search", usage: "search TEXT",
            summary: "go back to the root, set searchText and execute the search command",
            example: "search sunset", run: { try $0.search($1) }),
        ShellCommand(
            name: "text", usage: "text TEXT",
            summary: "set searchText only, to watch isSearchValid change (the first half of search)",
            example: "text sun", run: { try $0.setText($1) }),
        ShellCommand(
            name: "go", usage: "go",
            summary: "execute the search command with the current text (the second half of search)",
            example: "go", run: { try $0.go($1) }),
        ShellCommand(
            name: "open", usage: "open N",
            summary: "on results: open photo N; at the root: run recent search N again",
            example: "open 1", run: { try $0.open($1) }),
        ShellCommand(
            name: "back", usage: "back",
            summary: "pop the top ViewModel, cancelling its work, and show the one below",
            example: "back", run: { try $0.back($1) }),
        ShellCommand(
            name: "visible", usage: "visible A-B",
            summary: "make result rows A to B the visible ones, as a scrolled table would",
            example: "visible 11-20", run: { try $0.visible($1) }),
        ShellCommand(
            name: "scroll", usage: "scroll down|up",
            summary: "move the visible rows one page down or up",
            example: "scroll down", run: { try $0.scroll($1) }),
        ShellCommand(
            name: "recent", usage: "recent",
            summary: "list the recent searches: text, total matches, first photo",
            example: "recent", run: { try $0.recent($1) }),
        ShellCommand(
            name: "stack", usage: "stack",
            summary: "print the navigation stack, each ViewModel with its active state",
            example: "stack", run: { try $0.stack($1) }),
        ShellCommand(
            name: "show", usage: "show",
            summary: "render the top View again",
            example: "show", run: { try $0.show($1) }),
        ShellCommand(
            name: "wait", usage: "wait DURATION | wait idle",
            summary: "let time pass (500ms, 2s, 1.5s, 1m), or until no work is pending",
            example: "wait 2s", run: { try $0.wait($1) }),
        ShellCommand(
            name: "help", usage: "help [COMMAND]",
            summary: "list the commands, or explain one",
            example: "help search", run: { try $0.help($1) }),
        ShellCommand(
            name: "quit", usage: "quit",
            summary: "leave vmsh (Ctrl-D does too)",
            example: "quit", run: { _, argument in
                guard argument.isEmpty else { throw CommandFailure("quit takes no arguments") }
                return .quit
            }),
    ]

    static func command(named name: String) -> ShellCommand? {
        if name == "exit" { return commands.first { $0.name == "quit" } }
        return commands.first { $0.name == name }
    }

    /// The closest command name to a mistyped one, if any is close enough to suggest.
    static func suggestion(for name: String) -> String? {
        let lowered = name.lowercased()
        if command(named: lowered) != nil { return lowered }
        let ranked = commands.map { ($0.name, Parse.distance(lowered, $0.name)) }
            .filter { $0.1 <= max(1, $0.0.count / 3) || $0.0.hasPrefix(lowered) && lowered.count >= 2 }
            .sorted { $0.1 < $1.1 }
        return ranked.first?.0
    }
}
