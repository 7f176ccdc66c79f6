import Reactive

/// The steps of running one line (`Shell.run(line:)`): its chapter in the recording, an
/// exercise's check left for `--grade`, an expectation, or any other command with its capture,
/// number, log entry and changes.
extension Shell {
    /// A chapter of the recording at each command the terminal showed no echo of, with the line
    /// as typed; narration makes its own, named by its words.
    func markChapter(_ line: String, _ command: ShellCommand?) {
        guard command?.isNarration != true else { return }
        let shown = shown(line)
        output.markCommand(shown, typed: (isAtPrompt ? prompt(unicode: true) : "> ") + shown)
    }

    /// True for an exercise's check with no answer to check (a lesson run without `--grade`): it
    /// is skipped, and where it was shown, said to be, so it is not taken for passed.
    func isLeftForGrade(_ command: ShellCommand, shown: Bool) -> Bool {
        guard command.isExpectation, context.session.expectations.isUnanswered else { return false }
        if shown { context.sayUncaptured("(left for --grade)") }
        return true
    }

    /// An expectation reads the output before it, so it starts no capture of its own; a hidden
    /// one is not logged.
    func runExpectation(_ command: ShellCommand, _ line: String, _ argument: String) -> LineOutcome {
        let started = clock.position
        let outcome = run(command, argument)
        if !command.hidesArgument(argument) {
            log.append(entry(line, nil, started, outcome, output: "", command))
        }
        return outcome
    }

    /// Any other command: the lines before it settled, its own output captured (and split into
    /// lines for `expect-all`), numbered when it changes the state, logged, and followed by what
    /// it changed (`changes on`).
    func runCommand(_ command: ShellCommand?, _ line: String, _ name: String, _ argument: String)
        -> LineOutcome
    {
        var number = Self.isNumbered(command, argument) ? log.nextNumber : nil
        let started = clock.position
        let eventsBefore = context.instrumentation.eventLog.lastNumber
        // The previous command's lines are settled, if the caller has not done it first.
        settleExpectations()
        beginCapture(numbered: number != nil)
        output.running.start(number)
        defer { output.running.end() }
        let before = context.session.shown.showsChanges ? StateSnapshot(navigator) : nil
        // What the command sets going is its work: `why` ends there, `leaks` names it.
        let cause = number.map { Cause(command: $0) } ?? Cause.current
        let outcome = Cause.running(cause) {
            command.map { run($0, argument) } ?? .failed(CommandFailure(unknown(name)))
        }
        if case .failed(let failure) = outcome {
            context.session.expectations.previousFailure = failure.message
            // A failure that let no time pass and set nothing going changed nothing (`open 99`):
            // `undo` and `goto` do not count it.
            if clock.position == started, context.instrumentation.eventLog.lastNumber == eventsBefore {
                number = nil
                output.running.unnumber()
            }
        } else {
            context.session.expectations.previousFailure = nil
        }
        if command?.isRecorded ?? true {
            log.append(entry(line, number, started, outcome, output: output.sinceCommand, command))
        }
        if let before { before.changes(to: StateSnapshot(navigator)).forEach(context.say) }
        return outcome
    }

    /// A command begins: what it prints is kept for `expect`, and under `expect-all` line by line,
    /// each to be accounted for (a command that only looks answers only for the updates).
    /// `location`: where a line not expected is said to be; the running line's, unless given.
    func beginCapture(numbered: Bool, at location: String? = nil) {
        output.beginCommand()
        output.keepsLines = context.session.expectations.expectsAll
        if context.session.expectations.expectsAll {
            context.session.expectations.account = OutputAccount(
                location: location ?? runningAt, countsOwnLines: numbered)
        }
    }

    /// Runs `command` on its parsed arguments (a listing folded to the session's width); a
    /// failure is the outcome, said by the caller.
    func run(_ command: ShellCommand, _ argument: String) -> LineOutcome {
        let listing = command.isListing ? context : nil
        listing?.foldsLines = true
        defer { listing?.foldsLines = false }
        do throws(CommandFailure) {
            let arguments = try command.parse(argument).get()
            return try command.run(arguments, context)
        } catch {
            return .failed(error)
        }
    }

    /// What is said of a name no command has, with a guess at the one meant.
    func unknown(_ name: String) -> String {
        let shown = name.sanitizedForTerminal.prefix(40)
        if let guess = table.suggestion(for: name) { return "unknown command '\(shown)' (did you mean '\(guess)'?)" }
        return "unknown command '\(shown)' (type 'help' for the list)"
    }
}
