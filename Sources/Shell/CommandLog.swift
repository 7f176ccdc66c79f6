/// Every command the session ran, numbered from 1: what `history` lists, `save` writes as a
/// lesson and `goto` replays.
@MainActor
final class CommandLog {
    struct Entry {
        let number: Int
        let line: String
        /// Clock time when the command began and when it returned.
        let started: Duration
        let ended: Duration
        let succeeded: Bool
        /// What it printed while it ran.
        let output: String
    }

    private(set) var entries: [Entry] = []
    /// The lines of the entries dropped for room, oldest first: `goto` replays them before the
    /// kept ones, since a session can only be rebuilt from its start.
    private var droppedLines: [String] = []
    /// Entries kept at most; the oldest go first.
    static let limit = 10_000
    /// `limit`, settable so a test reaches it without running 10,000 commands.
    var capacity = CommandLog.limit

    func append(line: String, started: Duration, ended: Duration, outcome: LineOutcome, output: String) {
        if entries.count >= capacity {
            let dropped = entries.prefix(max(1, capacity / 10))
            droppedLines += dropped.map(\.line)
            entries.removeFirst(dropped.count)
        }
        let succeeded: Bool
        if case .failed = outcome { succeeded = false } else { succeeded = true }
        entries.append(
            Entry(number: nextNumber, line: line, started: started, ended: ended, succeeded: succeeded, output: output))
    }

    func removeAll() {
        entries = []
        droppedLines = []
    }

    /// The number the next command gets: numbers never shift when old entries go.
    var nextNumber: Int { (entries.last?.number ?? droppedLines.count) + 1 }

    /// The kept entry numbered `number`, if it is still kept.
    func entry(_ number: Int) -> Entry? {
        guard let first = entries.first, number >= first.number, number - first.number < entries.count else {
            return nil
        }
        return entries[number - first.number]
    }

    /// Every line from the session's start through command `number`, to replay it.
    func lines(through number: Int) -> [String] {
        let kept = entries.prefix { $0.number <= number }.map(\.line)
        return Array(droppedLines.prefix(number)) + kept
    }

    /// "commands 1-12", or "no commands yet".
    var rangeText: String {
        guard let first = entries.first, let last = entries.last else { return "no commands yet" }
        return first.number == last.number ? "command \(first.number)" : "commands \(first.number)-\(last.number)"
    }
}
