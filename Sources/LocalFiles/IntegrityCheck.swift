import GRDB

/// SQLite's integrity check of one of vmsh's files (every page read): run on demand
/// (`vmsh --check`) and on a state database left with a write-ahead log, not on every start.
public enum IntegrityCheck {
    /// The problems found, none when the file is sound.
    public static func problems(_ db: Database) throws -> [String] {
        let result = try String.fetchAll(db, sql: "PRAGMA quick_check")
        return result == ["ok"] ? [] : result.flatMap { $0.split(whereSeparator: \.isNewline).map(String.init) }
    }
}
