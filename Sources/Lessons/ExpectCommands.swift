import Shell
import TerminalViews

/// `expect`, `expect-not`, `expect-error` and `expect-all`: lesson scripts that check themselves.
extension CommandTable {
    package static let expectCommands: [ShellCommand] = [
        ShellCommand(
            name: "expect", parameters: [.init(name: "[--hidden] TEXT|/REGEX/", kind: .text(suggestions: .none))],
            summary: "fail unless the previous command's output contained TEXT (or matched /REGEX/); --hidden "
                + "checks without showing what it checks",
            example: "expect 100 of 791 photos", misuse: "expect needs a text", isExpectation: true,
            readsPreviousOutput: true,
            hidesArgument: Expectation.isHidden, effect: .readsOnly,
            run: { arguments, context throws(CommandFailure) in
                try expect(arguments.text(0) ?? "", present: true, as: "expect", context)
            }),
        ShellCommand(
            name: "expect-error", parameters: [.init(name: "[--hidden] TEXT", kind: .text(suggestions: .none))],
            summary: "the previous command must have failed with TEXT in its error; then its failure does not count",
            example: "expect-error search is disabled", misuse: "expect-error needs a text",
            isExpectation: true, readsPreviousOutput: true,
            hidesArgument: Expectation.isHidden, effect: .readsOnly,
            run: { arguments, context throws(CommandFailure) in
                let session = context.session
                let expectation = try Expectation(arguments.text(0) ?? "", of: "expect-error")
                guard let failure = session.expectations.previousFailure else {
                    throw CommandFailure("expected the previous command to fail, but it succeeded")
                }
                guard expectation.isFound(in: failure) else {
                    if expectation.isHidden {
                        throw CommandFailure("the previous command's error was not the one expected")
                    }
                    throw CommandFailure(
                        "expected the previous command's error to contain \"\(expectation.shown)\"; it was:",
                        details: [failure])
                }
                // Forgiven once: a second expect-error on the same failure checks it, but must not
                // retract another failure.
                guard !session.expectations.previousFailureForgiven else { return .succeeded }
                session.expectations.previousFailureForgiven = true
                return .forgavePreviousFailure
            }),
        ShellCommand(
            name: "expect-not", parameters: [.init(name: "[--hidden] TEXT|/REGEX/", kind: .text(suggestions: .none))],
            summary: "fail if the previous command's output contained TEXT (or matched /REGEX/)",
            example: "expect-not favorites", misuse: "expect-not needs a text", isExpectation: true,
            readsPreviousOutput: true,
            hidesArgument: Expectation.isHidden, effect: .readsOnly,
            run: { arguments, context throws(CommandFailure) in
                try expect(arguments.text(0) ?? "", present: false, as: "expect-not", context)
            }),
        ShellCommand(
            name: "expect-all", parameters: [.init(name: "on|off", kind: .choice(["on", "off"]))],
            summary: "exhaustive checking: every line a command that changes the state prints, and every update, "
                + "must be matched by an expect after it, or it fails as not expected",
            example: "expect-all on",
            details: [
                "an expect accounts for every line it matches (a /REGEX/ for many at once), a hidden one for none "
                    + "(which lines were left would tell what it matched); the lines are settled when the next command "
                    + "that is not an expect begins, and at the end of input",
                "like the exhaustive TestStore of The Composable Architecture, or Turbine's unconsumed events",
            ],
            // It changes what later commands must answer for: goto replays it, and a rebuild starts without it.
            misuse: "expect-all needs on or off",
            run: { arguments, context throws(CommandFailure) in
                context.session.expectations.expectsAll = arguments.text(0) == "on"
                // Its own line is about the checking, not the lesson's output.
                context.session.expectations.account = nil
                context.say(
                    context.session.expectations.expectsAll
                        ? "expect-all on: each line printed from here on must be expected" : "expect-all off")
                return .succeeded
            }),
    ]

    /// How many lines of the previous output a failed expectation shows.
    static let shownOutputLines = 20

    private static func expect(_ text: String, present: Bool, as command: String, _ context: CommandContext)
        throws(CommandFailure) -> LineOutcome
    {
        let expectation = try Expectation(text, of: command)
        // A hidden check grades: what the learner only said (`say`) or got wrong does not count.
        let output = expectation.isHidden ? context.transcript.outputSinceCommand : context.transcript.sinceCommand
        guard expectation.isFound(in: output) == present else {
            let not = present ? "" : " not"
            // A hidden check says neither what it looked for nor, by showing the output, where.
            if expectation.isHidden {
                throw CommandFailure(present ? "a hidden expectation failed" : "a hidden expect-not failed")
            }
            let lines = output.split(separator: "\n").map(String.init)
            let shown = Array(lines.suffix(shownOutputLines))
            let cut = lines.count > shownOutputLines ? ["(the last \(shownOutputLines) of \(lines.count) lines)"] : []
            throw CommandFailure(
                "expected the previous command's output\(not) to contain \"\(expectation.shown)\"; it printed:",
                details: lines.isEmpty ? ["(it printed nothing)"] : cut + shown)
        }
        // A hidden check accounts for nothing: the lines left unexpected would tell which it matched.
        if present, !expectation.isHidden {
            context.session.expectations.account?.account(for: expectation, in: context.transcript.linesSinceCommand)
        }
        return .succeeded
    }
}
