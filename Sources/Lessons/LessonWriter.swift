import Shell

/// Writes the commands of a session as a lesson script: a header, the commands, and a `wait`
/// for the clock time that passed between them, so the lesson under `--virtual-clock`
/// reproduces what was seen: to the nearest 100 ms from the live clock, to the millisecond from
/// a virtual clock that played (`clock play`), so the replay is the session again, exactly.
package struct LessonWriter {
    /// The first line of every saved lesson: how `save` knows a file is its own to overwrite.
    static let mark = LessonHeader.mark

    /// Failed commands too (`save --all`).
    var includesFailures = false
    /// An `expect` after each command, from a line it printed (`save --expect`).
    var addsExpectations = false
    /// The waits to the millisecond (a virtual clock's), not to the nearest 100 ms (the live clock's).
    var keepsExactTimes = false

    @MainActor
    /// `title`: the lesson's, written first after the header when no comment of the session
    /// (typed at the prompt, so among the entries) already says it.
    func text(of entries: [CommandLog.Entry], savedOn date: String, startedWith flags: String, title: String? = nil)
        -> String
    {
        var lines = [
            Self.mark + " on \(date)",
            "\(LessonHeader.startedWith) vmsh\(flags.isEmpty ? "" : " " + flags)",
            "\(LessonHeader.replay) vmsh --lesson --echo FILE",
            "",
        ]
        if let title, !entries.contains(where: { $0.line.hasPrefix("#") && $0.line.commentWords == title }) {
            lines.insert("# " + title, at: lines.count - 1)
        }
        var clock = Duration.zero
        for entry in entries where entry.succeeded || includesFailures {
            let (started, ended) = (entry.started.time, entry.ended.time)
            let gap = keepsExactTimes ? started - clock : Self.rounded(started - clock)
            if gap > .zero { lines.append("wait \(Self.format(gap))") }
            if let line = replayed(entry) { lines.append(line) }
            if addsExpectations, let expected = Self.stableLine(of: entry) { lines.append("expect \(expected)") }
            clock = max(clock + gap, started) + (ended - started)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The line that replays `entry`: its own, but for a wait cut short (Ctrl-C), which replays
    /// as the time that did pass rather than the whole wait; nil when that rounds to nothing.
    private func replayed(_ entry: CommandLog.Entry) -> String? {
        let passed = entry.ended.time - entry.started.time
        guard entry.passesTime, !entry.succeeded, passed > .zero else { return entry.line }
        let written = keepsExactTimes ? passed : Self.rounded(passed)
        return written > .zero ? "wait \(Self.format(written))" : nil
    }

    /// To the nearest 100 ms.
    static func rounded(_ duration: Duration) -> Duration {
        let ms = duration.wholeMilliseconds
        return .milliseconds((ms + 50) / 100 * 100)
    }

    /// "2s", "2.3s", "100ms", "3417ms": what `wait` takes.
    static func format(_ duration: Duration) -> String {
        let ms = duration.wholeMilliseconds
        if ms < 1000 || ms % 100 != 0 { return "\(ms)ms" }
        return ms % 1000 == 0 ? "\(ms / 1000)s" : "\(ms / 1000).\(ms % 1000 / 100)s"
    }

    /// A line the command printed itself that a replay prints too: the first, without its time
    /// stamp. None for `wait`, whose output is whatever arrived meanwhile, and for expectations.
    static func stableLine(of entry: CommandLog.Entry) -> String? {
        let name = entry.line.prefix { !$0.isWhitespace }
        guard name != "wait", !name.hasPrefix("expect"), entry.succeeded else { return nil }
        let first = entry.output.split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) }
        guard let line = first.map(String.init) else { return nil }
        let trimmed = line.unstamped.trimmingSpaces
        // A text that reads as a regular expression would be taken for one.
        guard !trimmed.isEmpty, !(trimmed.hasPrefix("/") && trimmed.hasSuffix("/")) else { return nil }
        return trimmed
    }
}
