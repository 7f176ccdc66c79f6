import Lanes
import PlaygroundSession
import Shell

/// `predict` and `answer`: exercises. A learner predicts what a lane will do and is told
/// where the prediction went wrong; a lesson asks questions whose answers `vmsh --grade` checks.
extension CommandTable {
    package static let exerciseCommands: [ShellCommand] = [predict, answer]

    static let predict: ShellCommand = {
        var predict = ShellCommand(
            name: "predict",
            parameters: [
                .init(name: "ROW|NAME", kind: .word(suggestions: .rowsOr(["search"]))),
                .init(name: "LANE \"PATTERN\"", kind: .text(suggestions: .none)),
            ],
            summary: "predict what a lane of the diagram did, as a marble string: right, or where it went "
                + "otherwise, the two lanes aligned with a caret under the first difference",
            example: "predict 1 delay(1s) \"-!\"",
            details: [
                "the lanes are those marbles ROW|NAME draws, the notation the one expect-marbles takes (- is 100 ms)",
                "history lists each prediction, a wrong one as failed; in an exercise's answers, a wrong one makes the "
                    + "answer wrong",
                "a wrong one that a common misreading would give (throttle as Combine's throttle(latest:), a delay "
                    + "without its takeUntil, takeUntil as a filter, switchToLatest as merge, a cold signal as hot) "
                    + "says which: the session replayed with the definition so misread (virtual clock)",
            ],
            misuse: "predict needs a row or name, a lane and a pattern: predict 1 isVisible \"t---f\"",
            effect: .readsOnly,
            run: { arguments, context throws(CommandFailure) in
                let check = try checkLane(arguments, context, for: "predict")
                guard let mismatch = check.mismatch else {
                    context.say("right: \(check.laneName) did \"\(check.pattern.sanitizedForTerminal)\"")
                    return .succeeded
                }
                // The learner's answer is the expected line: named as theirs; then, if it is what a
                // common misreading would send, which one.
                let misreading = misreading(of: check.target, lane: check.lane, pattern: check.pattern, context)
                throw CommandFailure(
                    "not quite: \(check.laneName) did otherwise:",
                    details: mismatch.map { $0.hasPrefix("expected  ") ? "predicted " + $0.dropFirst(10) : $0 }
                        + (misreading.map { [$0] } ?? []))
            })
        // Under --step, the prediction shows without its answer until the key: the class thinks first.
        predict.stepShows = { argument in
            if let quote = argument.firstIndex(of: "\"") { return String(argument[..<quote]) + "\"…\"" }
            guard let space = argument.lastIndex(of: " ") else { return argument }
            return String(argument[..<space]) + " …"
        }
        return predict
    }()

    static let answer: ShellCommand = ShellCommand(
        name: "answer",
        parameters: [
            .init(name: "NAME", kind: .word(suggestions: .none)),
            .init(name: "QUESTION", kind: .text(suggestions: .none), isOptional: true),
        ],
        summary: "an exercise's question: in a lesson, the expectations right after it check a learner's answer "
            + "(vmsh --grade LESSON ANSWERS); in ANSWERS, the lines after it are the answer",
        example: "answer row-1 What did row 1's delay(1s) do?",
        details: [
            "run as a lesson without --grade, it shows the question and leaves its checks for --grade",
            "an expect --hidden after it checks the answer without showing what it checks",
        ],
        misuse: "answer needs a name: answer NAME [QUESTION]", isNarration: true, effect: .readsOnly,
        run: { arguments, context throws(CommandFailure) in
            let name = (arguments.text(0) ?? "").terminalField(limit: 40)
            let question = arguments.text(1).map { ": " + $0.terminalField(limit: 400) } ?? ""
            let words = "question \(name)\(question)"
            context.narrate(words, mark: "?")
            context.session.expectations.isUnanswered = true
            return .succeeded
        })
}
