import GRDB
import PhotoModel

/// What the index holds, for `words` and for the near words a search that finds nothing offers.
extension Catalog {
    /// The indexed words starting with `prefix` (every word for ""), most photos first, ties by
    /// word. Words are as the index keeps them: lowercased, accents removed.
    public func words(prefix: String = "") throws -> [WordCount] {
        let folded = prefix.lowercased()
        return try allWords().filter { $0.word.hasPrefix(folded) }
    }

    /// Texts near `text` that find photos, closest first (then most photos): the first word the
    /// index lacks in every form, replaced by a word (or another form of one, "dogs" for "dog")
    /// a few edits from it or one it begins; at most `limit`. None when every word is in the index.
    public func nearWords(to text: String, limit: Int = 3) throws -> [String] {
        let tokens = SearchQuery(text).tokens.map { $0.lowercased() }
        let words = try allWords()
        let known = Set(words.map(\.word))
        guard
            let missing = tokens.firstIndex(where: { token in
                // The index folds other words its own way; only ASCII words can be judged here.
                SearchQuery.asciiTerm(token) != nil && !WordForms.forms(of: token).contains(where: known.contains)
            })
        else { return [] }
        let typed = Array(tokens[missing].unicodeScalars)
        // A longer word may be further off: one edit in four letters, at most three.
        let allowed = min(3, max(1, typed.count / 4))
        // Per indexed word, its closest form: "sunset" and "sunsets" find the same photos.
        var near: [(distance: Int, photos: Int, form: String)] = []
        for entry in words {
            var closest: (distance: Int, photos: Int, form: String)?
            for form in WordForms.forms(of: entry.word) {
                let candidate = Array(form.unicodeScalars)
                let distance =
                    editDistance(typed, candidate, limit: allowed)
                    ?? (typed.count >= 3 && candidate.starts(with: typed) ? allowed + 1 : nil)
                if let distance, distance < closest?.distance ?? .max { closest = (distance, entry.photos, form) }
            }
            if let closest { near.append(closest) }
        }
        near.sort { ($0.distance, -$0.photos, $0.form) < ($1.distance, -$1.photos, $1.form) }
        return near.prefix(limit).map { candidate in
            var replaced = tokens
            replaced[missing] = candidate.form
            return replaced.joined(separator: " ")
        }
    }

    /// Every indexed word with its count, most photos first, ties by word.
    private func allWords() throws -> [WordCount] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT term, photos FROM term_counts ORDER BY photos DESC, term").map {
                WordCount(word: $0["term"], photos: $0["photos"])
            }
        }
    }
}
