import GRDB
import LocalFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds, checks, creates or adopts the file behind a `StateDatabase`.
///
/// Whatever is at the path is judged from its header before anything is written, a pragma set
/// or a mode changed: vmsh's state mark, or nothing at all (a new file is built under a
/// temporary name and linked into place). A file from before the mark (application_id 0,
/// user_version 1) is adopted, and marked, only when its schema is exactly the one vmsh wrote.
struct StateFile {
    let path: String

    static let createTable = """
        CREATE TABLE recent_searches (
            search_text TEXT NOT NULL PRIMARY KEY,
            total_results INTEGER NOT NULL,
            photo_id TEXT, photo_title TEXT, photo_owner TEXT, photo_owner_name TEXT,
            photo_secret TEXT, photo_server TEXT,
            recorded INTEGER NOT NULL UNIQUE
        )
        """
    /// The schema objects of vmsh's state database, as `type name` lines: nothing else may be there.
    static let objects = [
        "index sqlite_autoindex_recent_searches_1", "index sqlite_autoindex_recent_searches_2", "table recent_searches",
    ]
    static let columns = [
        "search_text TEXT", "total_results INTEGER", "photo_id TEXT", "photo_title TEXT", "photo_owner TEXT",
        "photo_owner_name TEXT", "photo_secret TEXT", "photo_server TEXT", "recorded INTEGER",
    ]

    func open(createDirectories: Bool) throws(StateDatabaseError) -> DatabaseQueue {
        guard !path.isEmpty else { throw .cannotOpen(path: path, reason: "no file named: the path is empty") }
        if ExistingFile(path: path) == .missing { try create(createDirectories: createDirectories) }
        let header = try judgedHeader()
        let unmarked = header.applicationID == 0
        if unmarked { try recogniseUnmarked(header) }
        // The file is vmsh's: now, and only now, it may be made owner-only and opened for writing.
        _ = chmod(path, 0o600)
        // A write-ahead log left behind means a session ended without closing the database.
        let unclean = (DataFiles.fileSize(path + "-wal") ?? 0) > 0
        do {
            var configuration = Configuration()
            configuration.label = "vmsh state"
            configuration.busyMode = .timeout(StateDatabase.busyTimeout)
            let queue = try StateDatabase.retryingBusy(deadline: StateDatabase.busyDeadline) {
                try DatabaseQueue(path: path, configuration: configuration)
            }
            try StateDatabase.retryingBusy(deadline: StateDatabase.busyDeadline) {
                try Self.verify(queue, adopt: unmarked)
            }
            if unclean, let problem = try queue.read(IntegrityCheck.problems).first {
                throw DatabaseError(message: "damaged: \(problem); move it away to start afresh")
            }
            return queue
        } catch let error as StateDatabaseError {
            throw error
        } catch {
            throw .cannotOpen(path: path, reason: StateDatabase.reason(error))
        }
    }

    /// The file's header, once it shows a file vmsh may open: vmsh's state mark and a schema this
    /// vmsh knows, or no mark at all (for `open` to recognise by its schema). Reads the header
    /// only: nothing is opened or written.
    func judgedHeader() throws(StateDatabaseError) -> SQLiteHeader {
        let file = ExistingFile(path: path)
        if let refusal = VMSHMark.refusal(file, mark: VMSHMark.state, allowUnmarked: true) {
            throw .cannotOpen(path: path, reason: refusal)
        }
        guard case .sqlite(let header) = file else {
            throw .cannotOpen(path: path, reason: "not a SQLite database")
        }
        if header.applicationID != 0 { try refuseNewer(Int(header.userVersion)) }
        return header
    }

    private func refuseNewer(_ version: Int) throws(StateDatabaseError) {
        guard version <= StateDatabase.schemaVersion else {
            throw .cannotOpen(
                path: path,
                reason: "written by a newer vmsh (schema \(version), this one knows \(StateDatabase.schemaVersion))")
        }
    }

    /// Accepts a file from before the mark only if it is exactly vmsh's old state database,
    /// looked at through a read-only connection.
    private func recogniseUnmarked(_ header: SQLiteHeader) throws(StateDatabaseError) {
        let foreign = VMSHMark.refusal(.sqlite(header), mark: VMSHMark.state) ?? "a SQLite database vmsh did not make"
        guard header.userVersion == UInt32(StateDatabase.schemaVersion) else {
            throw .cannotOpen(path: path, reason: foreign)
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(StateDatabase.busyTimeout)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            guard try queue.read(Self.hasExactSchema) else {
                throw StateDatabaseError.cannotOpen(path: path, reason: foreign)
            }
        } catch let error as StateDatabaseError {
            throw error
        } catch {
            throw .cannotOpen(path: path, reason: StateDatabase.reason(error))
        }
    }

    static func hasExactSchema(_ db: Database) throws -> Bool {
        let objects = try Row.fetchAll(db, sql: "SELECT type, name FROM sqlite_master ORDER BY type, name")
            .map { "\($0["type"] as String? ?? "") \($0["name"] as String? ?? "")" }
        let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(recent_searches)")
            .map { "\($0["name"] as String? ?? "") \($0["type"] as String? ?? "")" }
        return objects == Self.objects && columns == Self.columns
    }

    /// In one write transaction: the mark and version are still what was checked (another
    /// process may have changed them since), and an adopted file gets the mark.
    private static func verify(_ queue: DatabaseQueue, adopt: Bool) throws {
        try queue.writeWithoutTransaction { db in
            // What GRDB's `journalMode = .wal` would do, without what it adds for pools (a costly
            // Foundation check of the log's size, and a table written into the log on every
            // open): a write-ahead log, synced as SQLite advises for one.
            guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                throw DatabaseError(message: "cannot use a write-ahead log")
            }
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.inTransaction(.immediate) {
                let mark = try Int.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                guard version == StateDatabase.schemaVersion, try hasExactSchema(db) else {
                    throw DatabaseError(message: "changed by another program while opening (schema \(version))")
                }
                if mark == 0 && adopt {
                    try db.execute(sql: "PRAGMA application_id = \(VMSHMark.state)")
                } else if UInt32(truncatingIfNeeded: mark) != VMSHMark.state {
                    throw DatabaseError(message: "changed by another program while opening")
                }
                return .commit
            }
        }
    }

    /// Builds an empty, marked state database beside `path` (mode 0600, WAL) and links it into
    /// place; if another process made one first, that one is used.
    private func create(createDirectories: Bool) throws(StateDatabaseError) {
        let temporary: String
        do {
            if createDirectories {
                try DataFiles.makeDirectory(DataFiles.directory(of: path), for: path)
            } else {
                try DataFiles.requireDirectory(of: path)
            }
            temporary = try DataFiles.makeTemporaryFile(beside: path)
        } catch {
            throw .cannotOpen(path: path, reason: error.reason)
        }
        do {
            let queue = try DatabaseQueue(path: temporary)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.inTransaction {
                    try db.execute(sql: Self.createTable)
                    try db.execute(sql: "PRAGMA user_version = \(StateDatabase.schemaVersion)")
                    try db.execute(sql: "PRAGMA application_id = \(VMSHMark.state)")
                    return .commit
                }
            }
            try queue.close()
            _ = try DataFiles.publish(temporary, to: path)
        } catch let error as CannotCreateFile {
            throw .cannotOpen(path: path, reason: error.reason)
        } catch {
            DataFiles.remove(temporary)
            throw .cannotOpen(path: path, reason: StateDatabase.reason(error))
        }
    }
}
