import Foundation
import GRDB
import LocalFiles
import PhotoModel
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The small SQLite database of state that lasts between sessions: the recent searches.
///
/// Several vmsh processes may share it. It runs in WAL mode (readers never wait for the
/// writer), waits for a busy lock a little and retries until a short deadline, and records each
/// search in one IMMEDIATE transaction (take the write lock, renumber, trim, read back), so two
/// processes recording at once lose neither search. File and directory are owner-only. vmsh
/// opens only a file it makes or one carrying its state mark (see `StateFile`).
public final class StateDatabase: Sendable {
    /// `$XDG_DATA_HOME/vmsh/state.sqlite`, else `~/.local/share/vmsh/state.sqlite`.
    public static let fileName = "state.sqlite"
    /// The schema this code writes (`PRAGMA user_version`); a newer one is refused, not damaged.
    static let schemaVersion = 1
    /// How long one statement waits for another process's lock before SQLite gives up.
    static let busyTimeout: Double = 0.25
    /// How long opening or recording keeps retrying a busy database before giving up: a lock
    /// held longer (another program's exclusive lock) costs a warning, not a stalled start.
    static let busyDeadline: Double = 1.5

    public let path: String
    private let queue: DatabaseQueue
    /// What the last read left out, for `takeNotice` (any thread: behind the lock).
    private let notice = Mutex<String?>(nil)
    var database: DatabaseQueue { queue }

    /// Opens the state database at `path`, creating it if there is no file. The folder must
    /// exist unless `createDirectories` (vmsh's default location).
    public init(path: String, createDirectories: Bool = false) throws(StateDatabaseError) {
        self.path = path
        queue = try StateFile(path: path).open(createDirectories: createDirectories)
    }

    /// Refuses, by its header alone and without opening SQLite, an existing file that `init`
    /// would refuse for what it is: another program's, or from a newer vmsh. What only an open
    /// can tell (damage inside, a lock held) is left to `init`.
    public static func judgeHeader(path: String) throws(StateDatabaseError) {
        _ = try StateFile(path: path).judgedHeader()
    }

    /// Opens the state database in the user's data directory, creating its folders if needed.
    public static func openDefault(environment: [String: String]) throws(StateDatabaseError) -> StateDatabase {
        try StateDatabase(path: defaultPath(environment: environment), createDirectories: true)
    }

    public static func defaultPath(environment: [String: String]) throws(StateDatabaseError) -> String {
        guard let path = XDGDirectory.data.path(of: fileName, environment: environment) else { throw .noDataDirectory }
        return path
    }

    // MARK: RecentSearchStore (any thread: the queue serialises this process's calls)

    /// The stored searches, newest first, at most `RecentSearch.limit`.
    public func load() throws -> [RecentSearch] {
        try run { db in try fetchRecent(db) }
    }

    public func takeNotice() -> String? {
        notice.withLock { notice in
            defer { notice = nil }
            return notice
        }
    }

    /// Puts `search` on top: a search with the same text is replaced (a repeat moves up with its
    /// total and first photo refreshed), the oldest beyond the limit are dropped. Returns the list.
    /// The key never reaches the file: every text is redacted first.
    public func record(_ search: RecentSearch) throws -> [RecentSearch] {
        let search = search.redacted
        return try run { db in
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
            return try self.fetchRecent(db)
        }
    }

    // MARK: Implementation

    /// Runs `body` in an IMMEDIATE transaction (the write lock first, so a read-then-write never
    /// has to upgrade and fail), retrying while the database stays busy.
    private func run<T>(_ body: (Database) throws -> T) throws(StateDatabaseError) -> T {
        do {
            return try Self.retryingBusy(deadline: Self.busyDeadline) {
                try queue.writeWithoutTransaction { db in
                    try db.execute(sql: "BEGIN IMMEDIATE")
                    do {
                        let result = try body(db)
                        try db.execute(sql: "COMMIT")
                        return result
                    } catch {
                        try? db.execute(sql: "ROLLBACK")
                        throw error
                    }
                }
            }
        } catch {
            throw .failed(path: path, reason: Self.reason(error))
        }
    }

    private func fetchRecent(_ db: Database) throws -> [RecentSearch] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT search_text, total_results, photo_id, photo_title, photo_owner, photo_owner_name,
                       photo_secret, photo_server
                FROM recent_searches ORDER BY recorded DESC LIMIT ?
                """,
            arguments: [RecentSearch.limit])
        // Read by type: GRDB's `row[...]` traps on a value SQLite's typing let in (a blob of
        // invalid UTF-8, text for a number); a row that holds one is left out, the rest still serve.
        let searches: [RecentSearch] = rows.compactMap { row in
            guard let searchText = Self.text(row, "search_text"), let total = Self.integer(row, "total_results")
            else { return nil }
            var photo: Photo?
            if let id = Self.text(row, "photo_id") {
                photo = Photo(
                    id: id, title: Self.text(row, "photo_title") ?? "", owner: Self.text(row, "photo_owner") ?? "",
                    ownerName: Self.text(row, "photo_owner_name") ?? "", secret: Self.text(row, "photo_secret") ?? "",
                    server: Self.text(row, "photo_server") ?? "")
            }
            return RecentSearch(searchText: searchText, totalResults: total, firstPhoto: photo).redacted
        }
        let left = rows.count - searches.count
        if left > 0 {
            let line = "\(path): \(left) recent search\(left == 1 ? "" : "es") of the wrong type left out"
            notice.withLock { $0 = line }
        }
        return searches
    }

    /// The text in `column`, or nil for NULL or a value that is not text (or UTF-8 bytes).
    private static func text(_ row: Row, _ column: String) -> String? {
        switch (row[column] as DatabaseValue? ?? .null).storage {
        case .string(let text): text
        case .blob(let data): String(data: data, encoding: .utf8)
        default: nil
        }
    }

    /// The whole number in `column`, or nil for any other value.
    private static func integer(_ row: Row, _ column: String) -> Int? {
        switch (row[column] as DatabaseValue? ?? .null).storage {
        case .int64(let number): Int(number)
        default: nil
        }
    }

    /// Runs `body`, trying again with a growing pause while SQLite reports the database busy
    /// or locked beyond the busy timeout, until `deadline` seconds have passed.
    static func retryingBusy<T>(deadline: Double, _ body: () throws -> T) throws -> T {
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var attempt = 0
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where isBusy(error) {
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                let elapsed = Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
                guard elapsed < deadline else { throw error }
                attempt += 1
                usleep(useconds_t(min(10_000 << min(attempt, 4), 100_000)))
            }
        }
    }

    private static func isBusy(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            if error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
                return "another program holds it locked; try again when it has finished"
            }
            return error.message ?? "\(error)"
        }
        return "\(error)"
    }
}

/// Declared apart from the class so the class stays nonisolated: tests record from threads.
extension StateDatabase: RecentSearchStore {}
