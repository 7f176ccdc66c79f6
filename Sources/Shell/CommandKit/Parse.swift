import MarbleNotation

/// Small parsers for command arguments; each failure says what would be right.
package enum Parse {
    /// A duration in the one grammar every reader shares ("500ms", "2s", "1.5m", "1h", at most 24h).
    package static func duration(_ text: String) -> Duration? { DurationGrammar.duration(text) }

    /// What `who` says of a word that is not a duration (or is over the grammar's bound).
    package static func notADuration(_ who: String, _ text: String) -> String {
        "\(who) needs \(DurationGrammar.expectation), not '\(text)'"
    }

    /// A row number, written as digits only.
    package static func row(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// "3-7" or "5" (a single row).
    static func rowRange(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 1:
            return row(parts[0]).map { $0...$0 }
        case 2:
            guard let low = row(parts[0]), let high = row(parts[1]), low <= high else { return nil }
            return low...high
        default:
            return nil
        }
    }
}

extension Shell {
    /// A duration in the one grammar (`wait`'s, the playground's, marble time literals'), for the
    /// flags; each flag checks its own range on the value.
    public nonisolated static func parseDuration(_ text: String) -> Duration? { DurationGrammar.duration(text) }

    /// How a reader says a word is not a duration: "a duration such as 500ms, 2s, 1.5m or 1h, at most 24h".
    public nonisolated static let durationExpectation = DurationGrammar.expectation
}
