import GRDB

/// Raw SQL access for the tests (reached with `@testable import`), which cannot import GRDB
/// themselves: they need to plant rows and damage schemas to prove the checks work.
extension Catalog {
    /// Runs `sql` on the file at `path` through a separate, writable connection.
    static func executeForTesting(path: String, sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
    }

    /// The first column of the first row of `sql`, as text.
    func textForTesting(_ sql: String) throws -> String? {
        try read { db in try String.fetchOne(db, sql: sql) }
    }
}
