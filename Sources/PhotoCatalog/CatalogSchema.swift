import GRDB
import LocalFiles

/// The catalog's tables, how to fill them, and how to tell a catalog from any other file.
///
/// `photos` holds the rows, numbered by interestingness (1 is the most interesting, ties by
/// id), so the full-text index yields matches in result order and a search stops after a
/// page; `photos_fts` is an external-content FTS5 index over title and tags (unicode61,
/// diacritics removed, so "cafe" finds "café"); `term_counts` holds how many photos each
/// indexed word matches and `form_counts` how many have any of a word's forms ("dog dogs"), so a
/// one-word total is a lookup; `meta` records the schema version
/// and the generator's settings, so a file is reused only for the same catalog. The header
/// carries vmsh's catalog mark (application_id).
enum CatalogSchema {
    static let version = 3

    static let photoColumns = [
        "number", "id", "title", "tags", "owner", "owner_name", "secret", "server", "views",
        "favorites", "comments", "taken", "posted", "description", "interestingness",
    ]

    static let createStatements = [
        "CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)",
        """
        CREATE TABLE photos (
            number INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, title TEXT NOT NULL,
            tags TEXT NOT NULL, owner TEXT NOT NULL, owner_name TEXT NOT NULL,
            secret TEXT NOT NULL, server TEXT NOT NULL, views INTEGER NOT NULL,
            favorites INTEGER NOT NULL, comments INTEGER NOT NULL, taken INTEGER NOT NULL,
            posted INTEGER NOT NULL, description TEXT NOT NULL, interestingness REAL NOT NULL)
        """,
        """
        CREATE VIRTUAL TABLE photos_fts USING fts5(title, tags, content='photos', \
        content_rowid='number', tokenize='unicode61 remove_diacritics 2')
        """,
        "CREATE TABLE term_counts (term TEXT PRIMARY KEY NOT NULL, photos INTEGER NOT NULL) WITHOUT ROWID",
        "CREATE TABLE form_counts (forms TEXT PRIMARY KEY NOT NULL, photos INTEGER NOT NULL) WITHOUT ROWID",
    ]

    /// The settings an existing catalog was built with.
    struct Inspection: Equatable, CustomStringConvertible {
        let seed: UInt64
        let count: Int
        let vocabulary: CatalogVocabulary

        init(seed: UInt64, count: Int, vocabulary: CatalogVocabulary) {
            self.seed = seed
            self.count = count
            self.vocabulary = vocabulary
        }

        init(_ generator: CatalogGenerator) {
            self.init(seed: generator.seed, count: generator.count, vocabulary: generator.vocabulary)
        }

        var description: String { "seed \(seed) with \(count) photos (\(vocabulary.rawValue) words)" }
    }

    /// Creates the tables and inserts the generated photos in interestingness order, in the
    /// caller's transaction, then fills the index and the per-word counts and sets the mark.
    static func populate(
        _ db: Database, generator: CatalogGenerator, progress: (@Sendable (CatalogProgress) -> Void)? = nil
    ) throws {
        for sql in createStatements { try db.execute(sql: sql) }
        progress?(.photos(done: 0, of: generator.count))
        let insert = try db.makeStatement(
            sql: """
                INSERT INTO photos (number, id, title, tags, owner, owner_name, secret, server, views,
                    favorites, comments, taken, posted, description, interestingness)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        try generator.forEachRecordByInterest { number, record in
            insert.setUncheckedArguments([
                number, record.id, record.title, record.tags.joined(separator: " "), record.owner,
                record.ownerName, record.secret, record.server, record.views, record.favorites,
                record.comments, record.taken, record.posted, record.description, record.interestingness,
            ])
            try insert.execute()
            if number % 4096 == 0 { progress?(.photos(done: number, of: generator.count)) }
        }
        progress?(.indexing)
        // Fewer, larger segments while building; one segment at the end for the fastest reads.
        try db.execute(sql: "INSERT INTO photos_fts (photos_fts, rank) VALUES ('hashsize', 67108864)")
        try db.execute(sql: "INSERT INTO photos_fts (photos_fts) VALUES ('rebuild')")
        try db.execute(sql: "INSERT INTO photos_fts (photos_fts) VALUES ('optimize')")
        try db.execute(sql: "CREATE VIRTUAL TABLE temp.photos_vocabulary USING fts5vocab(main, photos_fts, row)")
        try db.execute(sql: "INSERT INTO term_counts SELECT term, doc FROM temp.photos_vocabulary")
        try db.execute(sql: "DROP TABLE temp.photos_vocabulary")
        try IndexTerms.storeFormCounts(db)
        let meta = try db.makeStatement(sql: "INSERT INTO meta (key, value) VALUES (?, ?)")
        let settings = [
            ("schema_version", String(version)), ("seed", String(generator.seed)), ("count", String(generator.count)),
            ("vocabulary", generator.vocabulary.rawValue),
        ]
        for (key, value) in settings { try meta.execute(arguments: [key, value]) }
        try db.execute(sql: "PRAGMA application_id = \(VMSHMark.catalog)")
    }

    /// Checks, cheaply, that `db` holds a complete catalog of this schema version and returns
    /// its settings; the thrown text says what is wrong. The full integrity check is `Catalog.check`.
    static func inspect(_ db: Database) throws -> Inspection {
        let tables = try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        guard tables.contains("meta") else { throw InvalidReason("no meta table") }
        let pairs = try Row.fetchAll(db, sql: "SELECT key, value FROM meta")
        var meta: [String: String] = [:]
        for row in pairs {
            if let key: String = row["key"], let value: String = row["value"] { meta[key] = value }
        }
        guard let version = meta["schema_version"] else { throw InvalidReason("no schema version") }
        guard version == String(Self.version) else {
            throw InvalidReason(
                "schema version \(version), expected \(Self.version): made by another vmsh; name a new file")
        }
        // After the version: an older catalog lacks the newer tables, and its version says why.
        for table in ["photos", "photos_fts", "term_counts", "form_counts"] where !tables.contains(table) {
            throw InvalidReason("no \(table) table")
        }
        guard let seed = meta["seed"].flatMap({ UInt64($0) }), let count = meta["count"].flatMap({ Int($0) }),
            let vocabulary = meta["vocabulary"].flatMap(CatalogVocabulary.init(rawValue:))
        else {
            throw InvalidReason("no seed, count or vocabulary")
        }
        let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(photos)").compactMap { $0["name"] as String? }
        guard columns == photoColumns else { throw InvalidReason("unexpected photos columns") }
        // Rows are numbered 1...count: the last number is one look-up, a count would read every page.
        let rows = try Int.fetchOne(db, sql: "SELECT max(number) FROM photos") ?? 0
        guard rows == count else { throw InvalidReason("\(rows) photos, expected \(count)") }
        // Touches the index, so a missing FTS5 module or a broken index shows now; the first
        // match is enough (counting them all read a whole doclist at every start).
        _ = try Int.fetchOne(db, sql: "SELECT rowid FROM photos_fts WHERE photos_fts MATCH '\"sunset\"' LIMIT 1")
        return Inspection(seed: seed, count: count, vocabulary: vocabulary)
    }

    /// A reason why a database is not a catalog.
    struct InvalidReason: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
