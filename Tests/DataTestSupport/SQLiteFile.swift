import GRDB

/// Raw SQL on a file, through a connection of its own: the tests plant rows and damage schemas
/// to prove the checks work, which nothing in vmsh does.
public enum SQLiteFile {
    /// Runs `sql` on the file at `path`, creating it when there is none.
    public static func execute(path: String, sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
    }
}
