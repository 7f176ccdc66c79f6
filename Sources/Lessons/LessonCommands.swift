import Shell
import TerminalViews

/// The commands about the session itself, for writing and pacing lessons: `say`, `history`,
/// `source`, `save`, `goto`, `undo` and `changes`.
extension CommandTable {
    package static let lessonCommands: [ShellCommand] = [say, history, source, save, goto, undo, changes]

    static let say: ShellCommand = ShellCommand(
        name: "say", parameters: [.init(name: "TEXT", kind: .text(suggestions: .none))],
        summary: "print a line of narration, set apart from the output (for lessons)",
        example: "say Now watch the rows fetch their counts", misuse: "say needs a text: say TEXT",
        isNarration: true, effect: .readsOnly,
        run: { arguments, context throws(CommandFailure) in
            let words = (arguments.text(0) ?? "").terminalField(limit: 400)
            context.narrate(words, mark: "»")
            return .succeeded
        })

    static let history: ShellCommand = ShellCommand(
        name: "history", parameters: [.init(name: "N", kind: .number(1...CommandLog.limit), isOptional: true)],
        summary: "list the last N commands (all by default) with their numbers, for goto",
        example: "history 10",
        details: [
            "only the commands that change the state are numbered: goto and undo count those; a command that "
                + "only looks (show, inspect, marbles, an expectation) is listed unnumbered",
            "a line that held the Flickr API key is listed, saved and kept with [redacted] in its place",
        ],
        misuse: "history takes a count: history [N]", isRecorded: false, effect: .readsOnly,
        isListing: true,
        run: { arguments, context throws(CommandFailure) in
            guard let log = context.session.control?.log else { return .succeeded }
            let entries = log.entries.suffix(arguments.number(0) ?? log.entries.count)
            guard !entries.isEmpty else {
                context.say("no commands yet")
                return .succeeded
            }
            let width = String(entries.lazy.compactMap(\.number).max() ?? 0).count
            for entry in entries {
                let number = entry.number.map(String.init) ?? ""
                let failed = entry.succeeded ? "" : "  (failed)"
                let padding = String(repeating: " ", count: width - number.count)
                context.say("  \(padding)\(number)  \(entry.line.terminalField(limit: 200))\(failed)")
            }
            return .succeeded
        })

    static let source: ShellCommand = ShellCommand(
        name: "source", aliases: [".read"], parameters: [.init(name: "FILE", kind: .text(suggestions: .none))],
        summary: "run a script file inside this session (- reads standard input)",
        example: "source scripts/lessons/01-tour.vmsh",
        details: ["Ctrl-C stops it at once, even on a FIFO or device that sends nothing; SIGTERM and SIGHUP end vmsh"],
        misuse: "source needs a file: source FILE", isRecorded: false,
        run: { arguments, context throws(CommandFailure) in
            guard let control = context.session.control else { return .succeeded }
            let path = arguments.text(0) ?? ""
            let failures = try control.source(path)
            guard failures == 0 else {
                throw CommandFailure("\(failures.counted("command")) of \(path.sanitizedForTerminal) failed")
            }
            return .succeeded
        })

    static let goto: ShellCommand = ShellCommand(
        name: "goto", parameters: [.init(name: "N", kind: .number(0...Int(Int32.max)))],
        summary: "rebuild the session as it was right after command N (history numbers the commands that change "
            + "the state; virtual clock)",
        example: "goto 3", misuse: "goto needs a command number: goto N (history lists them)", isRecorded: false,
        run: { arguments, context throws(CommandFailure) in
            try travel(to: arguments.number(0) ?? 0, context)
        })

    static let undo: ShellCommand = ShellCommand(
        name: "undo",
        summary: "rebuild the session as it was before the last command that changed it (show, inspect and the "
            + "like change nothing)",
        example: "undo", isRecorded: false,
        run: { _, context throws(CommandFailure) in
            guard let last = context.session.control?.log.lastNumber, last > 0 else {
                throw CommandFailure("nothing to undo: no command has changed the state yet")
            }
            return try travel(to: last - 1, context)
        })

    static let changes: ShellCommand = ShellCommand(
        name: "changes", parameters: [.init(name: "on|off", kind: .choice(["on", "off"]))],
        summary: "after each command, print what changed in the top ViewModel (- old, + new)",
        example: "changes on", misuse: "changes needs on or off", isRecorded: false,
        run: { arguments, context throws(CommandFailure) in
            context.session.shown.showsChanges = arguments.text(0) == "on"
            context.say("changes \(arguments.text(0) ?? "off")")
            return .succeeded
        })

    private static func travel(to number: Int, _ context: CommandContext) throws(CommandFailure) -> LineOutcome {
        guard let control = context.session.control else { return .succeeded }
        try control.rebuild(upTo: number, as: .rewind)
        let now = control.context
        let line = control.log.entry(number)?.line ?? ""
        let where_ = number == 0 ? "the start" : "command \(number) (\(line))"
        now.say("back at \(where_.terminalField(limit: 200)); the stack:")
        for (index, view) in now.navigator.stack.enumerated() {
            let state = view.isTop ? "active" : "inactive"
            let name = Navigator.typeName(view.viewModel)
            now.say("  \(index + 1)  \(name) \(view.viewModel.title.quotedForTerminal) (\(state))")
        }
        return .succeeded
    }
}
