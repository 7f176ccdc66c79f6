import TerminalViews

/// `expect`, `expect-not` and `expect-error`: lesson scripts that check themselves.
extension Shell {
    func expectError(_ text: String) throws(CommandFailure) -> LineOutcome {
        guard !text.isEmpty else { throw CommandFailure("expect-error needs a text") }
        guard let failure = previousFailure else { throw CommandFailure("expected the previous command to fail, but it succeeded") }
        guard failure.contains(text) else {
            throw CommandFailure("expected the previous command's error to contain \"\(text.sanitizedForTerminal.prefix(80))\"")
        }
        // Forgiven once: a second expect-error on the same failure checks it, but must not
        // retract another failure.
        guard !previousFailureForgiven else { return .succeeded }
        previousFailureForgiven = true
        return .forgavePreviousFailure
    }

    func expect(_ text: String, present: Bool) throws(CommandFailure) -> LineOutcome {
        guard !text.isEmpty else { throw CommandFailure("\(present ? "expect" : "expect-not") needs a text") }
        let found = output.sinceCommand.contains(text)
        if found != present {
            let shown = text.sanitizedForTerminal.prefix(80)
            throw CommandFailure(
                present
                    ? "expected the previous command's output to contain \"\(shown)\""
                    : "expected the previous command's output not to contain \"\(shown)\"")
        }
        return .succeeded
    }
}
