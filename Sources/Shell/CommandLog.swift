/// Every command the session ran: what `history` lists, `save` writes as a lesson and `goto`
/// replays. The commands that change the session's state are numbered from 1; the ones that
/// only look (`show`, `inspect`, `marbles`, the expectations) are kept unnumbered, between them.
@MainActor
package final class CommandLog {
    package struct Entry {
        /// Nil for a command that changed nothing: `goto` and `undo` count only the others.
        package let number: Int?
        package let line: String
        /// Where the clock stood when the command began and when it returned.
        package let started: ClockPosition
        package let ended: ClockPosition
        package let succeeded: Bool
        /// What it printed while it ran.
        package let output: String
        /// True for `wait`, `step` and `continue`: a replay moves the clock to where they left
        /// it instead of running them again.
        package var passesTime = false
        /// The wait a breakpoint stopped and the event shown last, as it left them: what `step`
        /// and `continue` go on from after `goto` brings the session back to it.
        var stop = ClockStops.Stop()

        /// What `goto` needs of it to run it again at the same clock time.
        var step: Step { Step(line: line, started: started, ended: ended, passesTime: passesTime) }
    }

    /// A numbered command as a replay runs it: where the clock stood when it started, and leaving
    /// the clock where it ended.
    package struct Step {
        let line: String
        let started: ClockPosition
        let ended: ClockPosition
        let passesTime: Bool
    }

    package private(set) var entries: [Entry] = []
    /// The numbered entries dropped for room, oldest first: `goto` replays them before the kept
    /// ones, since a session can only be rebuilt from its start.
    private var dropped = DroppedSteps()
    /// Entries kept at most; the oldest go first.
    package static let limit = 10_000
    /// `limit`, settable so a test reaches it without running 10,000 commands.
    var capacity = CommandLog.limit
    /// The number of the last command that changed the state; 0 before any.
    package private(set) var lastNumber = 0

    /// Adds an entry; `changesState` gives it the next number.
    func append(_ entry: Entry) {
        if entries.count >= capacity {
            // By index, not through a slice, which would share the buffer and make removeFirst copy it.
            let gone = max(1, capacity / 10)
            for index in 0..<gone where entries[index].number != nil { dropped.append(entries[index].step) }
            entries.removeFirst(gone)
        }
        entries.append(entry)
        if let number = entry.number { lastNumber = number }
    }

    /// The number the next command that changes the state gets: numbers never shift when old
    /// entries go.
    var nextNumber: Int { lastNumber + 1 }

    /// The kept entry numbered `number`, if it is still kept.
    package func entry(_ number: Int) -> Entry? {
        entries.last { $0.number == number }
    }

    /// The numbered commands from the session's start through command `number`, to replay them.
    func steps(through number: Int) -> [Step] {
        dropped.steps(prefix: number) + entries.filter { ($0.number ?? .max) <= number }.map(\.step)
    }

    /// Forgets every command after command `number` (0: all of them), but for the ones that only
    /// looked at the state it left: what `goto` leaves behind.
    func truncate(after number: Int) {
        if number == 0 { dropped.removeAll() }
        if let index = entries.firstIndex(where: { ($0.number ?? 0) > number }) {
            entries.removeSubrange(index...)
        }
        lastNumber = number
    }

    /// The numbers the history still holds: "commands 1-12", or "no commands yet".
    var rangeText: String {
        guard let first = entries.lazy.compactMap(\.number).first else { return "no commands yet" }
        return first == lastNumber ? "command \(first)" : "commands \(first)-\(lastNumber)"
    }
}
