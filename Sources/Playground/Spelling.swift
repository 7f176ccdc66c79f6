/// "Did you mean": the one guess at a mistyped word, for the notation's operators and the
/// shell's commands alike.
public enum Spelling {
    /// The word of `words` nearest `typed`: at most a third of its letters off (one at least), or
    /// starting with it; nil when none is that near.
    public static func nearest(_ typed: String, in words: [String]) -> String? {
        let lowered = typed.lowercased()
        return words.map { ($0, distance(lowered, $0.lowercased())) }
            .filter { $0.1 <= max(1, $0.0.count / 3) || $0.0.lowercased().hasPrefix(lowered) && lowered.count >= 2 }
            .min { $0.1 < $1.1 }?.0
    }

    /// Edit distance: insertions, deletions, substitutions and swaps of two neighbours (`opne`
    /// is one edit from `open`, as people mistype it), each counting one.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        // rows[i][j]: the distance between a's first i characters and b's first j.
        var rows = (0...a.count).map { i in (0...b.count).map { j in i == 0 ? j : (j == 0 ? i : 0) } }
        for i in 1...a.count {
            for j in 1...b.count {
                let substitution = rows[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
