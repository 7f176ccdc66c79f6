/// `--step`: the script, read whole, runs one step at a time at the presenter's keys.
extension ScriptRunner {
    /// Where a step began: its line, the state it began from (the last numbered command) and the
    /// failures counted by then, so stepping back undoes both.
    private struct Step {
        let index: Int
        let state: Int
        let failures: Int
    }

    /// Runs `lines` under the pacer: a command that does something waits for a key first; a
    /// `wait` (shown), an expectation, a `say` and a comment (shown as narration) run as they come. `b` goes back a
    /// step, rebuilding the state through `goto`; `q` leaves the script.
    func runPaced(_ lines: [(Result<String, CommandFailure>, Int)], name: String) -> Stop {
        guard let pacer else { return .endOfInput }
        var steps: [Step] = []
        var index = 0
        while index < lines.count {
            let (decoded, number) = lines[index]
            guard case .success(let raw) = decoded, case let line = shell.admitted(raw).trimmingSpaces,
                shell.stopsUnderStep(line)
            else {
                // A wait is shown as a step is, but lets its time pass at once: no key to press for it.
                let shown = (try? decoded.get()).map { shell.isWait(shell.admitted($0).trimmingSpaces) } ?? false
                if let stop = handle(decoded, name: name, number: number, stepped: shown) { return stop }
                index += 1
                continue
            }
            switch pacer.awaitGo(shell.shownUnderStep(line)) {
            case .run:
                steps.append(Step(index: index, state: shell.log.lastNumber, failures: failures))
                if let stop = handle(.success(line), name: name, number: number, stepped: true) { return stop }
                index += 1
            case .back:
                guard let previous = steps.last else {
                    pacer.refuse("this is the first step: there is none to go back to")
                    continue
                }
                do throws(CommandFailure) {
                    try shell.stepBack(to: previous.state, before: lines[previous.index].0)
                } catch {
                    pacer.refuse(error.message)
                    continue
                }
                steps.removeLast()
                index = previous.index
                restore(failures: previous.failures)
            case .leave:
                return .steppedOut
            }
        }
        return .endOfInput
    }
}

extension Shell {
    /// `line` as `--step` shows it before its key: as its command says (`stepShows`).
    func shownUnderStep(_ line: String) -> String {
        let (name, argument) = Self.split(line)
        guard let command = table.command(named: name), !argument.isEmpty else { return line }
        return name + " " + command.stepShows(argument)
    }

    /// True when `--step` waits for a key before `line`: a command that does something. An
    /// expectation, narration, a `wait`, a comment or a blank line runs as it comes.
    func stopsUnderStep(_ line: String) -> Bool {
        guard !line.isEmpty, !line.hasPrefix("#") else { return false }
        guard let command = table.command(named: Self.split(line).name) else { return true }
        return !command.isExpectation && !command.isNarration && !isWait(line)
    }

    /// `wait`: time passing after the step before it, which `--step` shows without stopping.
    func isWait(_ line: String) -> Bool { table.command(named: Self.split(line).name)?.name == "wait" }

    /// `--step`'s `b`: the session as it was after command `state` (through `goto`, unless
    /// nothing numbered ran since), and one line saying which command comes again.
    func stepBack(to state: Int, before line: Result<String, CommandFailure>) throws(CommandFailure) {
        if log.lastNumber != state {
            guard !clock.isLive else {
                throw CommandFailure("b steps back under the virtual clock only (--lesson or --virtual-clock)")
            }
            try rebuild(upTo: state)
        }
        // The lines of the step gone back over are no longer there to be expected.
        context.session.expectations.account = nil
        let shown = (try? line.get()).map { admitted($0).trimmingSpaces.terminalField(limit: 200) } ?? ""
        context.sayUncaptured("« back before: \(shown)")
    }

    /// A lesson's comment as narration (`--step` without `--echo`): its words, without the `#`,
    /// not part of the output of the command before it.
    func narrateComment(_ line: String) {
        let words = line.commentWords.sanitizedForTerminal
        guard !words.isEmpty else { return }
        context.narrate(words, mark: "»", captured: false)
    }
}
