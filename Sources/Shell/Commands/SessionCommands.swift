import TerminalViews

/// `wait`, `help` and `quit`: time, the commands themselves, and leaving.
extension CommandTable {
    static let wait: ShellCommand = ShellCommand(
        name: "wait",
        parameters: [
            .init(
                name: "DURATION", kind: .duration(orWords: ["idle"]),
                invalid: { text in
                    Parse.isDurationOverLimit(text)
                        ? "wait takes at most 1440m (24 hours), not \(text)"
                        : "wait needs a duration such as 500ms, 2s, 1.5s or 1m, or 'idle'"
                })
        ],
        synopsis: "wait DURATION | wait idle",
        summary: "let time pass (500ms, 2s, 1.5s, 1m), or until no work is pending",
        example: "wait 2s", misuse: "wait needs a duration such as 500ms, 2s, 1.5s or 1m, or 'idle'",
        run: { arguments, context throws(CommandFailure) in
            let session = context.session
            guard let interval = arguments.duration(0) else {
                let (idle, waited) = context.clock.waitUntilIdle(
                    limit: session.drainTimeout, interrupted: session.isInterrupted)
                let time = ShellClock.format(waited)
                guard idle else {
                    if session.isInterrupted() { throw CommandFailure("wait interrupted after \(time)") }
                    let pending = context.clock.pendingCount
                    throw CommandFailure("still busy after waiting \(time): \(pending.counted("timer")) pending")
                }
                context.say("idle after waiting \(time)")
                return .succeeded
            }
            let clock = context.clock
            let end = clock.now + interval
            // With a countdown (--step, live clock) the wait passes in slices of a second.
            let slice = session.countdown != nil && clock.isLive ? Duration.seconds(1) : interval
            while clock.now < end {
                session.countdown?(end - clock.now)
                guard clock.wait(min(slice, end - clock.now), interrupted: session.isInterrupted) else {
                    throw CommandFailure("wait interrupted")
                }
            }
            return .succeeded
        })

    static let help: ShellCommand = ShellCommand(
        name: "help", parameters: [.init(name: "COMMAND", kind: .word(suggestions: .commandNames), isOptional: true)],
        summary: "list the commands, or explain one",
        example: "help search",
        run: { arguments, context throws(CommandFailure) in
            let table = CommandTable.standard
            guard let wanted = arguments.text(0) else {
                let width = table.commands.map(\.usage.count).max() ?? 0
                for command in table.commands {
                    context.say("  " + command.usage.padded(to: width) + "  " + command.summary)
                }
                context.say("Lines starting with # are comments. 'help COMMAND' shows an example.")
                return .succeeded
            }
            guard let command = table.command(named: wanted.lowercased()) else {
                let shown = wanted.sanitizedForTerminal.prefix(40)
                let hint = table.suggestion(for: wanted).map { " (did you mean '\($0)'?)" } ?? ""
                throw CommandFailure("no command '\(shown)' to explain\(hint)")
            }
            context.say("usage: \(command.usage)")
            context.say("  \(command.summary)")
            context.say("  example: \(command.example)")
            return .succeeded
        })

    static let quit: ShellCommand = ShellCommand(
        name: "quit", aliases: ["exit"],
        summary: "leave vmsh (Ctrl-D does too)",
        example: "quit", run: { _, _ throws(CommandFailure) in .quit })
}

extension String {
    /// Left-justified to `width` columns (counting characters).
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
