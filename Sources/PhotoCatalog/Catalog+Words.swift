import GRDB
import PhotoModel

/// What the index holds, for `words` and for the near words a search that finds nothing offers.
extension Catalog {
    /// The indexed words with a form starting with `prefix` (every word for ""), most photos
    /// first, ties by word. Words are as the index keeps them: lowercased, accents removed.
    public func words(prefix: String = "") throws -> [WordCount] {
        let folded = prefix.lowercased()
        var examined = 0
        let words = try read { db in try Self.allWords(db, skippingWrongTypes: false, examined: &examined) }
        guard !folded.isEmpty else { return words }
        return words.filter { WordForms.forms(of: $0.word).contains { $0.hasPrefix(folded) } }
    }

    /// How many words of the index a search for near words reads at most: whatever the index
    /// holds (a hostile one of a million words), a search that finds nothing costs no more.
    static let nearWordBudget = 20_000

    /// Texts near `text` that find photos, closest first (then most photos): the first word the
    /// index lacks in every form, replaced by a word (or another form of one, "dogs" for "dog")
    /// a few edits from it or one it begins; at most `limit`. None when every word is in the index.
    public func nearWords(to text: String, limit: Int = 3) throws -> [String] {
        var examined = 0
        return try nearWords(to: text, limit: limit, examined: &examined)
    }

    /// `nearWords(to:limit:)`, counting the rows of the index it read in `examined`.
    func nearWords(to text: String, limit: Int, examined: inout Int) throws -> [String] {
        let tokens = SearchQuery(text).tokens.map { $0.lowercased() }
        return try read { db in
            let held = try db.cachedStatement(sql: "SELECT 1 FROM term_counts WHERE term = ?")
            var missing: Int?
            for (index, token) in tokens.enumerated() {
                // The index folds other words its own way; only ASCII words can be judged here.
                guard SearchQuery.asciiTerm(token) != nil else { continue }
                var found = false
                for form in WordForms.forms(of: token) where !found {
                    examined += 1
                    found = try Int.fetchOne(held, arguments: [form]) != nil
                }
                if !found {
                    missing = index
                    break
                }
            }
            guard let missing else { return [] }
            let typed = Array(tokens[missing].unicodeScalars)
            let candidates = try Self.nearCandidates(db, to: tokens[missing], examined: &examined)
            return Self.closest(candidates, to: typed, limit: limit).map { form in
                var replaced = tokens
                replaced[missing] = form
                return replaced.joined(separator: " ")
            }
        }
    }

    /// The words a near word is chosen from: the whole index when it is within the budget; else
    /// the budget's worth of words that begin with `typed`'s first two letters and sort nearest
    /// it, half before and half after: those share the longest beginning with it, so a typo past
    /// the first letters still finds its word, and one in them finds nothing in a huge index
    /// rather than costing all of it.
    private static func nearCandidates(_ db: Database, to typed: String, examined: inout Int) throws -> [WordCount] {
        let small = try db.cachedStatement(sql: "SELECT count(*) FROM (SELECT 1 FROM term_counts LIMIT ?)")
        let size = try Int.fetchOne(small, arguments: [nearWordBudget + 1]) ?? 0
        examined += size
        if size <= nearWordBudget { return try allWords(db, skippingWrongTypes: true, examined: &examined) }
        // `typed` is ASCII (only such words are judged): one more in its second byte ends the range.
        let prefix = Array(typed.utf8.prefix(2))
        let from = String(decoding: prefix, as: UTF8.self)
        let to = String(decoding: prefix.dropLast() + [(prefix.last ?? 0) + 1], as: UTF8.self)
        let before = try db.cachedStatement(
            sql: "SELECT term, photos FROM term_counts WHERE term >= ? AND term < ? ORDER BY term DESC LIMIT ?")
        let after = try db.cachedStatement(
            sql: "SELECT term, photos FROM term_counts WHERE term >= ? AND term < ? ORDER BY term LIMIT ?")
        let band = max(1, typed.count - 6)...(typed.count + 6)
        var words: [WordCount] = []
        func scan(_ statement: Statement, _ arguments: StatementArguments) throws {
            let rows = try Row.fetchCursor(statement, arguments: arguments)
            while let row = try rows.next() {
                examined += 1
                // A word of the wrong type cannot be offered: `words` says what is wrong with it.
                guard let term = try? row.text("term"), let photos = try? row.integer("photos") else { continue }
                // Too far in length to be a few edits (or a plural) away, unless `typed` begins it.
                guard band.contains(term.count) || term.hasPrefix(typed) else { continue }
                words.append(WordCount(word: term, photos: photos))
            }
        }
        try scan(before, [from, typed, nearWordBudget / 2])
        try scan(after, [typed, to, nearWordBudget / 2])
        return words
    }

    /// Per word, its closest form to `typed`, closest first, then most photos, then by form.
    private static func closest(_ words: [WordCount], to typed: [Unicode.Scalar], limit: Int) -> [String] {
        // A longer word may be further off: one edit in four letters, at most three.
        let allowed = min(3, max(1, typed.count / 4))
        // Per indexed word, its closest form: "sunset" and "sunsets" find the same photos.
        var near: [String: (distance: Int, photos: Int)] = [:]
        for entry in words {
            var closest: (distance: Int, photos: Int, form: String)?
            for form in WordForms.forms(of: entry.word) {
                let candidate = Array(form.unicodeScalars)
                let distance =
                    editDistance(typed, candidate, limit: allowed)
                    ?? (typed.count >= 3 && candidate.starts(with: typed) ? allowed + 1 : nil)
                if let distance, distance < closest?.distance ?? .max { closest = (distance, entry.photos, form) }
            }
            guard let closest else { continue }
            // Two words may share a form ("sunset" of "sunsets"): the form keeps its closer, larger count.
            if let kept = near[closest.form],
                kept.distance < closest.distance || kept.distance == closest.distance && kept.photos >= closest.photos
            {
                continue
            }
            near[closest.form] = (closest.distance, closest.photos)
        }
        // Most photos first without negating a count read from the file (Int.min would trap).
        let sorted = near.sorted {
            if $0.value.distance != $1.value.distance { return $0.value.distance < $1.value.distance }
            if $0.value.photos != $1.value.photos { return $0.value.photos > $1.value.photos }
            return $0.key < $1.key
        }
        return sorted.prefix(limit).map(\.key)
    }

    /// Every indexed word with the photos `search` finds for it, most first, ties by word. A
    /// word the index holds in several forms ("cloud", "clouds") is listed once, by its most used
    /// form, with the photos any of its forms finds, as a search for either counts them. A value
    /// of the wrong type is skipped, or thrown (`WrongType`) for `words` to say.
    private static func allWords(_ db: Database, skippingWrongTypes: Bool, examined: inout Int) throws -> [WordCount] {
        func checked<T>(_ value: () throws(WrongType) -> T) throws(WrongType) -> T? {
            do throws(WrongType) { return try value() } catch {
                if skippingWrongTypes { return nil }
                throw error
            }
        }
        var counts: [String: Int] = [:]
        let terms = try Row.fetchCursor(db, sql: "SELECT term, photos FROM term_counts")
        while let row = try terms.next() {
            examined += 1
            guard let term = try checked({ () throws(WrongType) in try row.text("term") }),
                let photos = try checked({ () throws(WrongType) in try row.integer("photos") })
            else { continue }
            counts[term] = photos
        }
        var words: [WordCount] = []
        let sets = try Row.fetchCursor(db, sql: "SELECT forms, photos FROM form_counts ORDER BY forms")
        while let row = try sets.next() {
            examined += 1
            guard let text = try checked({ () throws(WrongType) in try row.text("forms") }),
                let photos = try checked({ () throws(WrongType) in try row.integer("photos") })
            else { continue }
            let forms = text.split(separator: " ").map(String.init)
            let held = forms.compactMap { form in counts[form].map { (form: form, photos: $0) } }
            let named = held.max { $0.photos != $1.photos ? $0.photos < $1.photos : $0.form > $1.form }
            guard let named else { continue }
            for form in forms { counts[form] = nil }
            words.append(WordCount(word: named.form, photos: photos))
        }
        words += counts.map { WordCount(word: $0.key, photos: $0.value) }
        return words.sorted { $0.photos != $1.photos ? $0.photos > $1.photos : $0.word < $1.word }
    }
}
