import GRDB

/// Raw access for the tests (reached with `@testable import`), which cannot import GRDB:
/// they check what is stored, not only what `load` shows.
extension StateDatabase {
    /// The number of rows in the recent-search table.
    func rowCountForTesting() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM recent_searches") ?? 0 }
    }

    /// The connection's journal mode ("wal").
    func journalModeForTesting() throws -> String {
        try database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }
}

extension StateDatabase {
    /// `PRAGMA application_id` as this connection sees it (the header on disk may lag in WAL mode).
    func applicationIDForTesting() throws -> UInt32 {
        try database.read { db in
            UInt32(truncatingIfNeeded: try Int.fetchOne(db, sql: "PRAGMA application_id") ?? 0)
        }
    }
}
