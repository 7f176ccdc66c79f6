import GRDB

/// The catalog's tables, how to fill them, and how to tell a catalog from any other file.
///
/// `photos` holds the rows; `photos_fts` is an external-content FTS5 index over title and
/// tags (unicode61, diacritics removed, so "cafe" finds "café"); `meta` records the schema
/// version and the generator's settings, so a file is reused only for the same catalog.
enum CatalogSchema {
    static let version = 1

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
        "CREATE INDEX photos_by_interestingness ON photos (interestingness DESC, id)",
        """
        CREATE VIRTUAL TABLE photos_fts USING fts5(title, tags, content='photos', \
        content_rowid='number', tokenize='unicode61 remove_diacritics 2')
        """,
    ]

    /// What an existing database turned out to be.
    enum Inspection: Equatable {
        /// No tables at all: a fresh SQLite file, to be filled.
        case empty
        /// A catalog with these settings.
        case catalog(seed: UInt64, count: Int)
    }

    /// Creates the tables and inserts the generated photos, in the caller's transaction.
    static func populate(_ db: Database, generator: CatalogGenerator) throws {
        for sql in createStatements { try db.execute(sql: sql) }
        let insert = try db.makeStatement(sql: """
            INSERT INTO photos (number, id, title, tags, owner, owner_name, secret, server, views,
                favorites, comments, taken, posted, description, interestingness)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var number = 0
        try generator.forEachRecord { record in
            number += 1
            insert.setUncheckedArguments([
                number, record.id, record.title, record.tags.joined(separator: " "), record.owner,
                record.ownerName, record.secret, record.server, record.views, record.favorites,
                record.comments, record.taken, record.posted, record.description, record.interestingness,
            ])
            try insert.execute()
        }
        try db.execute(sql: "INSERT INTO photos_fts (photos_fts) VALUES ('rebuild')")
        let meta = try db.makeStatement(sql: "INSERT INTO meta (key, value) VALUES (?, ?)")
        for (key, value) in [("schema_version", String(version)), ("seed", String(generator.seed)), ("count", String(generator.count))] {
            try meta.execute(arguments: [key, value])
        }
    }

    /// Checks that `db` holds a complete catalog of this schema version; the reason in
    /// the thrown text says what is wrong.
    static func inspect(_ db: Database) throws -> Inspection {
        let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
        guard check == ["ok"] else {
            let first = check.first?.split(whereSeparator: \.isNewline).first.map(String.init) ?? "integrity check failed"
            throw InvalidReason("damaged: \(first)")
        }
        let tables = try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        if tables.isEmpty { return .empty }
        for table in ["meta", "photos", "photos_fts"] where !tables.contains(table) {
            throw InvalidReason("no \(table) table")
        }
        let pairs = try Row.fetchAll(db, sql: "SELECT key, value FROM meta")
        var meta: [String: String] = [:]
        for row in pairs {
            if let key: String = row["key"], let value: String = row["value"] { meta[key] = value }
        }
        guard let version = meta["schema_version"] else { throw InvalidReason("no schema version") }
        guard version == String(Self.version) else { throw InvalidReason("schema version \(version), expected \(Self.version)") }
        guard let seed = meta["seed"].flatMap({ UInt64($0) }), let count = meta["count"].flatMap({ Int($0) }) else {
            throw InvalidReason("no seed or count")
        }
        let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(photos)").compactMap { $0["name"] as String? }
        guard columns == photoColumns else { throw InvalidReason("unexpected photos columns") }
        let rows = try Int.fetchOne(db, sql: "SELECT count(*) FROM photos") ?? -1
        guard rows == count else { throw InvalidReason("\(rows) photos, expected \(count)") }
        // Touches the index, so a missing FTS5 module or a broken index shows now.
        _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM photos_fts WHERE photos_fts MATCH '\"sunset\"'")
        return .catalog(seed: seed, count: count)
    }

    /// A reason why a database is not a catalog.
    struct InvalidReason: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
