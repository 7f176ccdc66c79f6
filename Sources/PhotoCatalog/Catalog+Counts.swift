import GRDB
import GRDBSQLite
import PhotoModel

extension Catalog {
    /// A photo's favorites and comments: what a row of the results asks for once it is visible.
    public struct Counts: Equatable, Sendable {
        public let favorites: Int
        public let comments: Int
    }

    /// Both counts of the photo in one query; `ModelError.photoNotFound` for an unknown id.
    ///
    /// Every visible row asks, so this read goes straight through SQLite's own calls on the kept
    /// statement (no argument array, cursor or row object, which cost as much again as the lookup
    /// itself), and opens no transaction (see `read`).
    public func counts(photoID: String) throws -> Counts {
        let counts = try read { db -> Counts? in
            let handle = try db.cachedStatement(sql: "SELECT favorites, comments FROM photos WHERE id = ?")
                .sqliteStatement
            defer { sqlite3_reset(handle) }
            var code = sqlite3_bind_text(handle, 1, photoID, -1, Self.transient)
            if code == SQLITE_OK { code = sqlite3_step(handle) }
            switch code {
            case SQLITE_ROW:
                // SQLite would read text or a blob as 0: a count of another type is said instead.
                for (column, name) in [(CInt(0), "favorites"), (1, "comments")]
                where sqlite3_column_type(handle, column) != SQLITE_INTEGER {
                    throw WrongType(
                        column: "photo \(photoID)'s \(name)", found: "no whole number", expected: "a whole number")
                }
                return Counts(
                    favorites: Int(sqlite3_column_int64(handle, 0)), comments: Int(sqlite3_column_int64(handle, 1)))
            case SQLITE_DONE: return nil
            default:
                let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
            }
        }
        guard let counts else { throw ModelError.photoNotFound(photoID) }
        return counts
    }

    /// SQLite copies the bound text (its C macro `SQLITE_TRANSIENT`, which Swift cannot import).
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
