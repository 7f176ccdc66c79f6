import TerminalText

/// How Tab lists its candidates: in columns that fit the terminal, read down each column as
/// `ls` lays out names, so a line breaks between candidates and never inside one.
enum CompletionListing {
    /// Two spaces between columns; the last column needs none after it.
    static let gap = 2

    /// The lines of the listing for a terminal `width` columns wide. A candidate wider than the
    /// terminal gets a line of its own.
    static func lines(_ candidates: [String], width: Int) -> [String] {
        guard !candidates.isEmpty else { return [] }
        let widths = candidates.map(\.displayWidth)
        let cell = (widths.max() ?? 0) + gap
        let fit = max(1, (width + gap) / cell)
        let rows = (candidates.count + fit - 1) / fit
        return (0..<rows).map { row in
            var line = ""
            for index in stride(from: row, to: candidates.count, by: rows) {
                let isLast = index + rows >= candidates.count
                line += candidates[index]
                if !isLast { line += String(repeating: " ", count: cell - widths[index]) }
            }
            return line
        }
    }
}
