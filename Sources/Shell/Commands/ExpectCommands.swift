import TerminalViews

/// `expect`, `expect-not` and `expect-error`: lesson scripts that check themselves.
extension CommandTable {
    static let expectCommands: [ShellCommand] = [
        ShellCommand(
            name: "expect", parameters: [.init(name: "TEXT", kind: .text(suggestions: .none))],
            summary: "fail unless the previous command's output contained TEXT (lesson scripts as tests)",
            example: "expect 100 of 791 photos", misuse: "expect needs a text", readsPreviousOutput: true,
            run: { arguments, context throws(CommandFailure) in
                try expect(arguments.text(0) ?? "", present: true, context)
            }),
        ShellCommand(
            name: "expect-error", parameters: [.init(name: "TEXT", kind: .text(suggestions: .none))],
            summary: "the previous command must have failed with TEXT in its error; then its failure does not count",
            example: "expect-error search is disabled", misuse: "expect-error needs a text", readsPreviousOutput: true,
            run: { arguments, context throws(CommandFailure) in
                let session = context.session
                let text = arguments.text(0) ?? ""
                guard let failure = session.previousFailure else {
                    throw CommandFailure("expected the previous command to fail, but it succeeded")
                }
                guard failure.contains(text) else {
                    let shown = text.sanitizedForTerminal.prefix(80)
                    throw CommandFailure("expected the previous command's error to contain \"\(shown)\"")
                }
                // Forgiven once: a second expect-error on the same failure checks it, but must not
                // retract another failure.
                guard !session.previousFailureForgiven else { return .succeeded }
                session.previousFailureForgiven = true
                return .forgavePreviousFailure
            }),
        ShellCommand(
            name: "expect-not", parameters: [.init(name: "TEXT", kind: .text(suggestions: .none))],
            summary: "fail if the previous command's output contained TEXT",
            example: "expect-not favorites", misuse: "expect-not needs a text", readsPreviousOutput: true,
            run: { arguments, context throws(CommandFailure) in
                try expect(arguments.text(0) ?? "", present: false, context)
            }),
    ]

    private static func expect(_ text: String, present: Bool, _ context: CommandContext) throws(CommandFailure)
        -> LineOutcome
    {
        guard context.transcript.sinceCommand.contains(text) == present else {
            let shown = text.sanitizedForTerminal.prefix(80)
            let not = present ? "" : " not"
            throw CommandFailure("expected the previous command's output\(not) to contain \"\(shown)\"")
        }
        return .succeeded
    }
}
