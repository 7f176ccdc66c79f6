/// What the shell reads off a line before running it: its command, whether it counts in
/// `history`, how the echo shows it, and whether it reads the previous output; and `expect-all`'s
/// settling of the lines a command printed.
extension Shell {
    /// `expect-all`: reports each line of the previous command that no expectation accounted
    /// for, as `not expected`, at most `shownUnexpected` of them; returns how many there were.
    @discardableResult
    public func settleExpectations() -> Int {
        guard let account = context.session.expectations.account else { return 0 }
        context.session.expectations.account = nil
        let missed = account.unaccounted(in: output.linesSinceCommand)
        let place = account.location.map { "\($0): " } ?? ""
        for line in missed.prefix(Self.shownUnexpected) { reportError(place + "not expected: " + line) }
        if missed.count > Self.shownUnexpected {
            reportError(place + "and \(missed.count - Self.shownUnexpected) more lines not expected")
        }
        return missed.count
    }

    static let shownUnexpected = 10

    /// True when `line` is an expectation, which reads the previous command's output (and
    /// accounts for its lines) rather than starting its own.
    public func readsPreviousOutput(_ line: String) -> Bool {
        table.command(named: Self.split(line).name)?.readsPreviousOutput ?? false
    }

    /// `line` as the echo and the log show it: an argument that must stay hidden is left out.
    func shown(_ line: String) -> String {
        let (name, argument) = Self.split(line)
        guard let command = table.command(named: name) else { return line }
        guard command.hidesArgument(argument) else {
            let echoed = command.echoesAs(argument)
            return echoed == argument ? line : name + " " + echoed
        }
        return Self.hidden(name)
    }

    /// How the command `name` shows with its argument hidden.
    static func hidden(_ name: String) -> String { "\(name) \(Expectation.hiddenFlag) …" }

    /// A line's command name and the rest of it.
    package nonisolated static func split(_ line: String) -> (name: String, argument: String) {
        let name = String(line.prefix { !$0.isWhitespace })
        return (name, String(line.dropFirst(name.count)).trimmingSpaces)
    }

    /// True when `command` gets a number in `history`: it is logged, and changes the state.
    static func isNumbered(_ command: ShellCommand?, _ argument: String) -> Bool {
        guard let command, command.isRecorded else { return false }
        return command.changesState(argument)
    }

    /// The number `line` will get in `history` when it runs next; nil when it changes nothing,
    /// as when its arguments do not parse (a command that fails later may give its number back).
    func number(for line: String) -> Int? {
        let (name, argument) = Self.split(line)
        guard let command = table.command(named: name), Self.isNumbered(command, argument),
            (try? command.parse(argument).get()) != nil
        else { return nil }
        return log.nextNumber
    }

    func entry(
        _ line: String, _ number: Int?, _ started: ClockPosition, _ outcome: LineOutcome, output: String,
        _ command: ShellCommand?
    ) -> CommandLog.Entry {
        var succeeded = true
        if case .failed = outcome { succeeded = false }
        return CommandLog.Entry(
            number: number, line: line, started: started, ended: clock.position, succeeded: succeeded,
            output: output, passesTime: command?.passesTime ?? false, stop: context.session.stops.stop)
    }
}
