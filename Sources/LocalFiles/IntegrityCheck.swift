import GRDB

/// SQLite's integrity check of one of vmsh's files (every page read): run on demand
/// (`vmsh --check`) and on a state database left with a write-ahead log, not on every start.
public enum IntegrityCheck {
    /// The problems found, none when the file is sound.
    public static func problems(_ db: Database) throws -> [String] {
        let result: [String]
        do {
            result = try String.fetchAll(db, sql: "PRAGMA quick_check")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            // Damage in a page the check itself must read stops it: that is its finding.
            return [error.message ?? "database disk image is malformed"]
        }
        return result == ["ok"] ? [] : result.flatMap { $0.split(whereSeparator: \.isNewline).map(String.init) }
    }
}
