import GRDB

@testable import StateStore

/// What is stored and how the connection is set, read through the store's own connection:
/// the tests check these beside what `load` shows.
extension StateDatabase {
    /// The number of rows in the recent-search table.
    func rowCountForTesting() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM recent_searches") ?? 0 }
    }

    /// The connection's journal mode ("wal").
    func journalModeForTesting() throws -> String {
        try database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    /// `PRAGMA application_id` as this connection sees it (the header on disk may lag in WAL mode).
    func applicationIDForTesting() throws -> UInt32 {
        try database.read { db in
            UInt32(truncatingIfNeeded: try Int.fetchOne(db, sql: "PRAGMA application_id") ?? 0)
        }
    }
}
