#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GRDB
import PhotoModel

/// The small SQLite database of state that lasts between sessions: the recent searches.
///
/// Several vmsh processes may share it. It runs in WAL mode (readers never wait for the
/// writer), waits for a busy lock and retries a few times, and records each search in one
/// IMMEDIATE transaction (take the write lock, renumber, trim, read back), so two processes
/// recording at once lose neither search. File and directory are owner-only.
public final class StateDatabase: Sendable {
    /// `$XDG_DATA_HOME/vmsh/state.sqlite`, else `~/.local/share/vmsh/state.sqlite`.
    public static let fileName = "state.sqlite"
    /// The schema this code writes (`PRAGMA user_version`); a newer one is refused, not damaged.
    static let schemaVersion = 1
    /// How long one statement waits for another process's lock before SQLite gives up.
    static let busyTimeout: Double = 2
    /// How many times a transaction that still found the database busy is tried again.
    static let busyRetries = 5

    public let path: String
    private let queue: DatabaseQueue
    var queueForTesting: DatabaseQueue { queue }

    /// Opens the state database at `path`, creating it (and its directory) if needed.
    public init(path: String) throws(StateDatabaseError) {
        self.path = path
        try Self.prepareFile(path)
        var configuration = Configuration()
        configuration.label = "vmsh state"
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(Self.busyTimeout)
        do {
            queue = try Self.retryingBusy { try DatabaseQueue(path: path, configuration: configuration) }
            try Self.retryingBusy { try Self.migrate(queue) }
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error))
        }
    }

    /// Opens the state database in the user's data directory.
    public static func openDefault(environment: [String: String]) throws(StateDatabaseError) -> StateDatabase {
        try StateDatabase(path: defaultPath(environment: environment))
    }

    public static func defaultPath(environment: [String: String]) throws(StateDatabaseError) -> String {
        do {
            return try CatalogFiles.dataFile(named: fileName, environment: environment)
        } catch {
            throw .noDataDirectory
        }
    }

    // MARK: RecentSearchStore (any thread: the queue serialises this process's calls)

    /// The stored searches, newest first, at most `RecentSearch.limit`.
    public func load() throws -> [RecentSearch] {
        try run { db in try Self.fetchRecent(db) }
    }

    /// Puts `search` on top: a search with the same text is replaced (a repeat moves up with its
    /// total and first photo refreshed), the oldest beyond the limit are dropped. Returns the list.
    public func record(_ search: RecentSearch) throws -> [RecentSearch] {
        try run { db in
            // Order by a counter, not the clock: clocks differ between processes and can go back.
            let next = (try Int.fetchOne(db, sql: "SELECT max(recorded) FROM recent_searches") ?? 0) + 1
            let photo = search.firstPhoto
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO recent_searches
                    (search_text, total_results, photo_id, photo_title, photo_owner, photo_owner_name,
                     photo_secret, photo_server, recorded)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    search.searchText, search.totalResults, photo?.id, photo?.title, photo?.owner,
                    photo?.ownerName, photo?.secret, photo?.server, next,
                ])
            try db.execute(
                sql: """
                    DELETE FROM recent_searches WHERE recorded NOT IN
                    (SELECT recorded FROM recent_searches ORDER BY recorded DESC LIMIT ?)
                    """,
                arguments: [RecentSearch.limit])
            return try Self.fetchRecent(db)
        }
    }

    // MARK: Implementation

    /// Runs `body` in an IMMEDIATE transaction (the write lock first, so a read-then-write never
    /// has to upgrade and fail), retrying while the database stays busy.
    private func run<T>(_ body: (Database) throws -> T) throws(StateDatabaseError) -> T {
        do {
            return try Self.retryingBusy {
                try queue.writeWithoutTransaction { db in
                    var result: T?
                    try db.inTransaction(.immediate) {
                        result = try body(db)
                        return .commit
                    }
                    return result!
                }
            }
        } catch {
            throw .failed(path: path, reason: Self.reason(error))
        }
    }

    private static func fetchRecent(_ db: Database) throws -> [RecentSearch] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT search_text, total_results, photo_id, photo_title, photo_owner, photo_owner_name,
                       photo_secret, photo_server
                FROM recent_searches ORDER BY recorded DESC LIMIT ?
                """,
            arguments: [RecentSearch.limit])
        return rows.map { row in
            var photo: Photo?
            if let id: String = row["photo_id"] {
                photo = Photo(
                    id: id, title: row["photo_title"] ?? "", owner: row["photo_owner"] ?? "",
                    ownerName: row["photo_owner_name"] ?? "", secret: row["photo_secret"] ?? "",
                    server: row["photo_server"] ?? "")
            }
            return RecentSearch(searchText: row["search_text"], totalResults: row["total_results"], firstPhoto: photo)
        }
    }

    /// Creates the table in a new file; accepts a file of this schema; refuses a newer one.
    private static func migrate(_ queue: DatabaseQueue) throws {
        try queue.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                guard version <= schemaVersion else {
                    throw DatabaseError(message: "written by a newer vmsh (schema \(version), this one knows \(schemaVersion))")
                }
                if version < schemaVersion {
                    // A search without photos has no first photo: the photo columns are NULL.
                    try db.execute(sql: """
                        CREATE TABLE IF NOT EXISTS recent_searches (
                            search_text TEXT NOT NULL PRIMARY KEY,
                            total_results INTEGER NOT NULL,
                            photo_id TEXT, photo_title TEXT, photo_owner TEXT, photo_owner_name TEXT,
                            photo_secret TEXT, photo_server TEXT,
                            recorded INTEGER NOT NULL UNIQUE
                        );
                        PRAGMA user_version = \(schemaVersion);
                        """)
                }
                return .commit
            }
        }
    }

    /// The directory (0700) and an empty file (0600) before SQLite opens it, so the database
    /// and its -wal and -shm files (which SQLite creates with the database's mode) are owner-only.
    private static func prepareFile(_ path: String) throws(StateDatabaseError) {
        do {
            try CatalogFiles.makeDirectory(CatalogFiles.directory(of: path), for: path)
        } catch {
            if case .cannotCreate(_, let reason) = error { throw .cannotOpen(path: path, reason: reason) }
            throw .cannotOpen(path: path, reason: "\(error)")
        }
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: CatalogFiles.lastErrorText()) }
        // The mode of open() is reduced by the umask, and an older file may be more open.
        _ = fchmod(descriptor, 0o600)
        close(descriptor)
    }

    /// Runs `body`, trying again with a growing pause while SQLite reports the database busy
    /// or locked beyond the busy timeout (another process holds the write lock).
    static func retryingBusy<T>(_ body: () throws -> T) throws -> T {
        var attempt = 0
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where attempt < busyRetries && isBusy(error) {
                attempt += 1
                usleep(useconds_t(10_000 << attempt))
            }
        }
    }

    private static func isBusy(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error)" }
        return "\(error)"
    }
}

/// Declared apart from the class so the class stays nonisolated: tests record from threads.
extension StateDatabase: RecentSearchStore {}
