import TerminalViews

/// `expect`, `expect-not` and `expect-error`: lesson scripts that check themselves.
extension CommandTable {
    static let expectCommands: [ShellCommand] = [
        ShellCommand(
            name: "expect", parameters: [.init(name: "TEXT|/REGEX/", kind: .text(suggestions: .none))],
            summary: "fail unless the previous command's output contained TEXT (or matched /REGEX/)",
            example: "expect 100 of 791 photos", misuse: "expect needs a text", readsPreviousOutput: true,
            effect: .readsOnly,
            run: { arguments, context throws(CommandFailure) in
                try expect(arguments.text(0) ?? "", present: true, context)
            }),
        ShellCommand(
            name: "expect-error", parameters: [.init(name: "TEXT", kind: .text(suggestions: .none))],
            summary: "the previous command must have failed with TEXT in its error; then its failure does not count",
            example: "expect-error search is disabled", misuse: "expect-error needs a text", readsPreviousOutput: true,
            effect: .readsOnly,
            run: { arguments, context throws(CommandFailure) in
                let session = context.session
                let text = arguments.text(0) ?? ""
                guard let failure = session.previousFailure else {
                    throw CommandFailure("expected the previous command to fail, but it succeeded")
                }
                guard (try Expectation(text)).isFound(in: failure) else {
                    session.failureDetails = [failure]
                    let shown = text.sanitizedForTerminal.prefix(80)
                    throw CommandFailure("expected the previous command's error to contain \"\(shown)\"; it was:")
                }
                // Forgiven once: a second expect-error on the same failure checks it, but must not
                // retract another failure.
                guard !session.previousFailureForgiven else { return .succeeded }
                session.previousFailureForgiven = true
                return .forgavePreviousFailure
            }),
        ShellCommand(
            name: "expect-not", parameters: [.init(name: "TEXT|/REGEX/", kind: .text(suggestions: .none))],
            summary: "fail if the previous command's output contained TEXT (or matched /REGEX/)",
            example: "expect-not favorites", misuse: "expect-not needs a text", readsPreviousOutput: true,
            effect: .readsOnly,
            run: { arguments, context throws(CommandFailure) in
                try expect(arguments.text(0) ?? "", present: false, context)
            }),
    ]

    /// How many lines of the previous output a failed expectation shows.
    static let shownOutputLines = 20

    private static func expect(_ text: String, present: Bool, _ context: CommandContext) throws(CommandFailure)
        -> LineOutcome
    {
        let output = context.transcript.sinceCommand
        guard try Expectation(text).isFound(in: output) == present else {
            let lines = output.split(separator: "\n").map(String.init)
            let shown = Array(lines.suffix(shownOutputLines))
            let cut = lines.count > shownOutputLines ? ["(the last \(shownOutputLines) of \(lines.count) lines)"] : []
            context.session.failureDetails = lines.isEmpty ? ["(it printed nothing)"] : cut + shown
            let looked = text.sanitizedForTerminal.prefix(80)
            let not = present ? "" : " not"
            throw CommandFailure("expected the previous command's output\(not) to contain \"\(looked)\"; it printed:")
        }
        return .succeeded
    }
}

/// What an `expect` looks for: a text, in which any run of spaces matches any run of
/// whitespace (columns need not be counted), or a regular expression written `/.../`.
struct Expectation {
    private enum Pattern {
        case words([Substring])
        case regex(Regex<AnyRegexOutput>)
    }

    private let pattern: Pattern

    init(_ text: String) throws(CommandFailure) {
        if text.count >= 2, text.hasPrefix("/"), text.hasSuffix("/") {
            do {
                pattern = .regex(try Regex(String(text.dropFirst().dropLast())))
            } catch {
                throw CommandFailure("not a regular expression: \(text.sanitizedForTerminal.prefix(80))")
            }
        } else {
            pattern = .words(text.split(whereSeparator: { $0 == " " || $0 == "\t" }))
        }
    }

    func isFound(in output: String) -> Bool {
        switch pattern {
        case .regex(let regex):
            return output.contains(regex)
        case .words(let words):
            // Whitespace runs in the output become one space, as in the wanted text.
            let flattened = output.split(separator: "\n").map {
                $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            }
            let wanted = words.joined(separator: " ")
            return flattened.contains { $0.contains(wanted) }
        }
    }
}
