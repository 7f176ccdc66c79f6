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
    /// Entries kept at most; the oldest go first.
    static let limit = 10_000

    func append(line: String, started: Duration, ended: Duration, outcome: LineOutcome, output: String) {
        if entries.count >= Self.limit { entries.removeFirst(Self.limit / 10) }
        let succeeded: Bool
        if case .failed = outcome { succeeded = false } else { succeeded = true }
        let number = (entries.last?.number ?? 0) + 1
        entries.append(
            Entry(number: number, line: line, started: started, ended: ended, succeeded: succeeded, output: output))
    }

    func removeAll() { entries = [] }

    /// "commands 1-12", or "no commands yet".
    var rangeText: String {
        guard let first = entries.first, let last = entries.last else { return "no commands yet" }
        return first.number == last.number ? "command \(first.number)" : "commands \(first.number)-\(last.number)"
    }
}
