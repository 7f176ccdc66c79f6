import GRDB

/// What a search looks for in the index: for each word of the query, the forms of it
/// (`WordForms`) that the index holds, any of which may match.
///
/// Every form is looked up in the per-word counts first, so a word the index lacks in every form
/// ends the search before FTS5 runs; a one-word total is then one more lookup (`form_counts`
/// when the index holds several forms of it).
struct IndexTerms {
    /// Per word of the query, the forms any of which a photo must have.
    let alternatives: [[String]]
    /// The number of matching photos, when the query is one word: no counting needed.
    let knownTotal: Int?

    /// The FTS5 MATCH expression, e.g. `("dog" OR "dogs") AND "beach"`: quoted strings only.
    var matchExpression: String {
        alternatives.map { forms in
            let quoted = forms.map { "\"\($0)\"" }
            return quoted.count == 1 ? quoted[0] : "(" + quoted.joined(separator: " OR ") + ")"
        }.joined(separator: " AND ")
    }

    /// The terms of `query` in `db`; nil when some word has no form in the index, so nothing matches.
    init?(_ db: Database, query: SearchQuery) throws {
        let lookup = try db.cachedStatement(sql: "SELECT photos FROM term_counts WHERE term = ?")
        // Read by its type: SQLite would take text or a blob for 0, and hide what is wrong.
        func photos(_ term: String) throws -> Int {
            guard let value = try DatabaseValue.fetchOne(lookup, arguments: [term]) else { return 0 }
            return try Row.integer(value, "the photos of \"\(term)\" in term_counts")
        }
        var alternatives: [[String]] = []
        var total: Int?
        var missing = false
        for token in query.tokens {
            // The index folds other words (diacritics, other scripts) its own way: those go as typed.
            guard let term = SearchQuery.asciiTerm(token) else {
                alternatives.append([token])
                continue
            }
            var held: [String] = []
            for form in WordForms.forms(of: term) {
                let count = try photos(form)
                if count > 0 {
                    held.append(form)
                    total = count
                }
            }
            if held.isEmpty { missing = true }
            alternatives.append(held)
        }
        if missing {
            // "new york": words written apart that the index holds as one, as Flickr writes tags.
            let terms = query.tokens.compactMap(SearchQuery.asciiTerm)
            guard terms.count > 1, terms.count == query.tokens.count else { return nil }
            let joined = terms.joined()
            let count = try photos(joined)
            guard count > 0 else { return nil }
            self.alternatives = [[joined]]
            knownTotal = count
            return
        }
        self.alternatives = alternatives
        if alternatives.count == 1, alternatives[0].count > 1 {
            let union = try db.cachedStatement(sql: "SELECT photos FROM form_counts WHERE forms = ?")
            let key = Self.key(alternatives[0])
            knownTotal = try DatabaseValue.fetchOne(union, arguments: [key]).map {
                try Row.integer($0, "the photos of \"\(key)\" in form_counts")
            }
        } else {
            knownTotal = alternatives.count == 1 ? total : nil
        }
    }

    /// How `form_counts` names a set of forms: sorted, space-separated (no term holds a space).
    static func key(_ forms: [String]) -> String { forms.sorted().joined(separator: " ") }

    /// Fills `form_counts` at build time: for each set of forms of one word that the index holds
    /// (all but a few words have one form), how many photos have any of them, so a one-word
    /// total stays a lookup however large the catalog.
    static func storeFormCounts(_ db: Database) throws {
        let terms = try Set(String.fetchAll(db, sql: "SELECT term FROM term_counts"))
        let count = try db.makeStatement(sql: "SELECT count(*) FROM photos_fts WHERE photos_fts MATCH ?")
        let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO form_counts (forms, photos) VALUES (?, ?)")
        for term in terms.sorted() where SearchQuery.asciiTerm(term) != nil {
            let held = WordForms.forms(of: term).filter(terms.contains)
            guard held.count > 1 else { continue }
            let any = held.map { "\"\($0)\"" }.joined(separator: " OR ")
            let photos = try Int.fetchOne(count, arguments: [any]) ?? 0
            try insert.execute(arguments: [key(held), photos])
        }
    }
}
