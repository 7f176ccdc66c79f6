import MarbleNotation
import Playground
import TerminalViews

/// `wait`, `help` and `quit`: time, the commands themselves, and leaving.
extension CommandTable {
    package static let wait: ShellCommand = ShellCommand(
        name: "wait",
        parameters: [
            .init(
                name: "DURATION", kind: .duration(orWords: ["idle"]),
                invalid: { waitRefusal($0) })
        ],
        synopsis: "wait DURATION | wait idle",
        summary: "let time pass (500ms, 2s, 1.5m, 1h), or until no work is pending",
        example: "wait 2s",
        details: ["at a terminal, a live wait of over a second shows the time it has left"],
        misuse: waitMisuse, passesTime: true,
        run: { arguments, context throws(CommandFailure) in
            let session = context.session
            // The virtual clock's waits stop at breakpoints.
            if !context.clock.isLive {
                let now = context.clock.now
                let wait =
                    arguments.duration(0).map { ClockStops.Wait.until(now + $0) }
                    ?? .idle(limit: now + session.drainTimeout)
                switch try run(wait, context) {
                case .stopped: sayStopped(wait, context)
                case .ended(let idle, let waited): if case .idle = wait { try sayIdle(idle, after: waited, context) }
                }
                return .succeeded
            }
            guard let interval = arguments.duration(0) else {
                let (idle, waited) = context.clock.waitUntilIdle(
                    limit: session.drainTimeout, interrupted: session.terminal.isInterrupted)
                try sayIdle(idle, after: waited, context)
                return .succeeded
            }
            let clock = context.clock
            let end = clock.now + interval
            // With a countdown (--step or a terminal) the live wait passes in slices of a second.
            let countdown = session.terminal.countdown
            defer { countdown?.end() }
            let slice = countdown != nil ? Duration.seconds(1) : interval
            while clock.now < end {
                countdown?.show(left: end - clock.now)
                guard clock.wait(min(slice, end - clock.now), interrupted: session.terminal.isInterrupted) else {
                    throw CommandFailure("wait interrupted")
                }
            }
            return .succeeded
        })

    private nonisolated static let waitMisuse = "wait needs \(DurationGrammar.expectation), or 'idle'"

    /// A bare number is a duration without its unit: said so, with the two it may have meant.
    private nonisolated static func waitRefusal(_ word: String) -> String {
        guard !word.isEmpty, word.count <= 9, word.allSatisfy({ $0.isASCII && $0.isNumber }) else { return waitMisuse }
        return waitMisuse + " (a number needs its unit: wait \(word)s or wait \(word)ms)"
    }

    /// How `wait idle` ends, on either clock: idle after so long, or interrupted, or still busy.
    package static func sayIdle(_ idle: Bool, after waited: Duration, _ context: CommandContext) throws(CommandFailure)
    {
        let time = waited.clockText
        guard idle else {
            if context.session.terminal.isInterrupted() { throw CommandFailure("wait interrupted after \(time)") }
            throw CommandFailure(
                "still busy after waiting \(time): \(context.clock.pendingCount.counted("timer")) pending")
        }
        context.say("idle after waiting \(time)")
    }

    package static let help: ShellCommand = ShellCommand(
        name: "help", aliases: ["?"],
        parameters: [
            .init(name: "COMMAND", kind: .word(suggestions: .commandNames), isOptional: true),
            .init(name: "SELECTOR", kind: .word(suggestions: .none), isOptional: true),
        ],
        summary: "the commands by topic; help TOPIC lists a topic's, help COMMAND explains one; "
            + "help operators and help sources list the playground's; help rac SELECTOR, a RAC 2 selector's form",
        example: "help search", effect: .readsOnly,
        run: { arguments, context throws(CommandFailure) in
            let table = context.session.table
            if arguments.text(0) == "rac" { return try RACHelp.run(arguments.text(1), context) }
            if arguments.text(1) != nil { throw CommandFailure("help takes one name (only help rac takes a selector)") }
            if let topic = arguments.text(0), ["operators", "sources"].contains(topic) {
                listGuide(topic == "operators" ? PlaygroundGuide.operators : PlaygroundGuide.sources, context)
                return .succeeded
            }
            guard let wanted = arguments.text(0) else {
                overview(context)
                return .succeeded
            }
            if let topic = table.topic(named: wanted) {
                list(topic.commands, context)
                return .succeeded
            }
            let guide = PlaygroundGuide.entry(wanted)
            guard let command = table.command(named: wanted.lowercased()) else {
                guard let guide else {
                    let shown = wanted.sanitizedForTerminal.prefix(40)
                    let hint = table.suggestion(for: wanted).map { " (did you mean '\($0)'?)" } ?? ""
                    throw CommandFailure("no command, operator or source '\(shown)' to explain\(hint)")
                }
                explain(guide, context)
                return .succeeded
            }
            TextWrap.lines("usage: ", command.usage, width: context.lineWidth).forEach(context.say)
            TextWrap.lines("  ", command.summary, width: context.lineWidth).forEach(context.say)
            for line in command.details {
                TextWrap.lines("  ", line, width: context.lineWidth).forEach(context.say)
            }
            if !command.aliases.isEmpty { context.say("  also: " + command.aliases.joined(separator: ", ")) }
            context.say("  example: \(command.example)")
            if let guide { explain(guide, context) }
            return .succeeded
        })

    /// `help`: each topic with what it is for and its commands' names; fits a 30-row screen.
    private static func overview(_ context: CommandContext) {
        let width = context.lineWidth
        for topic in context.session.table.topics {
            context.say("\(topic.name): \(topic.title)")
            TextWrap.lines("    ", topic.commands.map(\.name).joined(separator: " "), width: width).forEach(context.say)
        }
        TextWrap.lines(
            "",
            "'help TOPIC' lists a topic's commands with what each does; 'help COMMAND' explains one "
                + "with an example. Lines starting with # are comments.", width: width
        )
        .forEach(context.say)
    }

    /// `help TOPIC`: each command's usage and what it does, the usage column as wide as its
    /// widest entry but no more than a third of the width.
    private static func list(_ commands: [ShellCommand], _ context: CommandContext) {
        let screen = context.lineWidth
        let column = min(commands.map(\.usage.count).max() ?? 0, screen / 3)
        for command in commands {
            let usage = command.usage
            if usage.count > column {
                context.say("  " + usage)
                TextWrap.lines(String(repeating: " ", count: column + 4), command.summary, width: screen)
                    .forEach(context.say)
            } else {
                TextWrap.lines("  " + usage.padded(to: column) + "  ", command.summary, width: screen)
                    .forEach(context.say)
            }
        }
    }

    /// `help NAME` for a playground source or operator: what it does, whose meaning it follows.
    private static func explain(_ guide: PlaygroundGuide, _ context: CommandContext) {
        let width = context.lineWidth
        context.say("playground \(guide.kind == .source ? "source" : "operator"): \(guide.usage)")
        TextWrap.lines("  ", guide.meaning, width: width).forEach(context.say)
        TextWrap.lines("  follows: ", guide.follows, width: width).forEach(context.say)
        context.say("  example: let \(guide.example)")
    }

    /// `help operators` or `help sources`: one line each, usage then meaning.
    private static func listGuide(_ entries: [PlaygroundGuide], _ context: CommandContext) {
        let width = context.lineWidth
        let column = min(entries.map(\.usage.count).max() ?? 0, width / 3)
        for entry in entries {
            TextWrap.lines("  " + entry.usage.padded(to: column) + "  ", entry.meaning, width: width).forEach(
                context.say)
        }
        TextWrap.lines("", "'help NAME' says whose meaning each follows and gives an example.", width: width)
            .forEach(context.say)
    }

    package static let clear: ShellCommand = ShellCommand(
        name: "clear",
        summary: "clear the terminal's screen (the transcript, export html and the pages keep every line)",
        // Not part of what `save` writes or `goto` replays: it changes nothing.
        example: "clear", isRecorded: false,
        run: { _, context throws(CommandFailure) in
            // Only a screen at the prompt is cleared: a script's output is a transcript.
            if context.session.terminal.isAtPrompt { context.transcript.writeToTerminalOnly("\u{1B}[H\u{1B}[2J") }
            return .succeeded
        })

    package static let quit: ShellCommand = ShellCommand(
        name: "quit", aliases: ["exit"],
        summary: "leave vmsh (Ctrl-D does too)",
        // Not part of what `save` writes or `goto` replays: it changes nothing.
        example: "quit", isRecorded: false, run: { _, _ throws(CommandFailure) in .quit })
}

extension String {
    /// Left-justified to `width` columns (counting characters).
    package func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
