import GRDB
import PhotoModel

/// What the index holds, for `words` and for the near words a search that finds nothing offers.
extension Catalog {
    /// The indexed words with a form starting with `prefix` (every word for ""), most photos
    /// first, ties by word. Words are as the index keeps them: lowercased, accents removed.
    public func words(prefix: String = "") throws -> [WordCount] {
        let folded = prefix.lowercased()
        guard !folded.isEmpty else { return try allWords() }
        return try allWords().filter { WordForms.forms(of: $0.word).contains { $0.hasPrefix(folded) } }
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
        // Most photos first without negating a count read from the file (Int.min would trap).
        near.sort {
            if $0.distance != $1.distance { return $0.distance < $1.distance }
            if $0.photos != $1.photos { return $0.photos > $1.photos }
            return $0.form < $1.form
        }
        return near.prefix(limit).map { candidate in
            var replaced = tokens
            replaced[missing] = candidate.form
            return replaced.joined(separator: " ")
        }
    }

    /// Every indexed word with the photos `search` finds for it, most first, ties by word. A
    /// word the index holds in several forms ("cloud", "clouds") is listed once, by its most used
    /// form, with the photos any of its forms finds, as a search for either counts them.
    private func allWords() throws -> [WordCount] {
        try read { db in
            var counts: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT term, photos FROM term_counts") {
                counts[row["term"]] = row["photos"]
            }
            var words: [WordCount] = []
            for row in try Row.fetchAll(db, sql: "SELECT forms, photos FROM form_counts ORDER BY forms") {
                let forms = (row["forms"] as String).split(separator: " ").map(String.init)
                let held = forms.compactMap { form in counts[form].map { (form: form, photos: $0) } }
                let named = held.max { $0.photos != $1.photos ? $0.photos < $1.photos : $0.form > $1.form }
                guard let named else { continue }
                for form in forms { counts[form] = nil }
                words.append(WordCount(word: named.form, photos: row["photos"]))
            }
            words += counts.map { WordCount(word: $0.key, photos: $0.value) }
            return words.sorted { $0.photos != $1.photos ? $0.photos > $1.photos : $0.word < $1.word }
        }
    }
}
