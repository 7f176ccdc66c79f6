import LocalFiles

/// The integrity check on demand (`vmsh --check`): every page is read, so opening runs it only
/// when a write-ahead log left behind says a session ended without closing the database.
extension StateDatabase {
    /// The problems SQLite's integrity check finds, none when the file is sound.
    public func check() throws -> [String] {
        do {
            return try database.read(IntegrityCheck.problems)
        } catch {
            throw StateDatabaseError.failed(path: path, reason: Self.reason(error))
        }
    }
}
