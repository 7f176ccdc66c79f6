import Foundation
import PhotoModel
import Shell
import StateStore

/// Opens the state that lasts between sessions: the recent searches, in `--state PATH` or
/// `$XDG_DATA_HOME/vmsh/state.sqlite`. Under `--virtual-clock` without `--state` there is
/// none: a lesson must give the same transcript on every run, whatever was searched before.
/// A file that cannot be used (unreadable, corrupt, another program's, from a newer vmsh, locked
/// by another program) costs one warning, and is left as it was; the session then keeps its
/// recent searches in memory, since losing them beats refusing to start.
///
/// A missing file is made at start, so a path that cannot work is reported at once. An existing
/// one is judged by its header at start (another program's file is refused before the prompt)
/// and opened when recent searches are first read or recorded (`StateOnFirstUse`): opening SQLite
/// costs more than the rest of vmsh's start, and a session may never search.
@MainActor
struct StateFactory {
    /// Where the warning goes: it may come in the middle of a session.
    let output: any OutputSink
    var environment = ProcessInfo.processInfo.environment

    func makeRecentSearchStore(path: String?, virtualClock: Bool) -> (any RecentSearchStore)? {
        if path == nil && virtualClock { return nil }
        do {
            let file = try path ?? StateDatabase.defaultPath(environment: environment)
            guard access(file, F_OK) == 0 else {
                return try StateDatabase(path: file, createDirectories: path == nil)
            }
            try StateDatabase.judgeHeader(path: file)
            return StateOnFirstUse { open(file) }
        } catch {
            warn(error)
            return nil
        }
    }

    /// The existing state database at `file`; nil, after the warning, when it cannot be used.
    private func open(_ file: String) -> StateDatabase? {
        do {
            return try StateDatabase(path: file)
        } catch {
            warn(error)
            return nil
        }
    }

    private func warn(_ error: any Error) {
        let problem = "\(error)".sanitizedForTerminal
        output.writeError("vmsh: warning: \(problem); recent searches are kept in memory for this session\n")
    }
}

/// The state database as a recent-search store, opened the first time it is used: opening it
/// costs more than the rest of vmsh's start, and a session may never search. When it cannot be
/// opened (the opener has said why), the searches live in memory, as they do without a store.
@MainActor
final class StateOnFirstUse: RecentSearchStore {
    private var open: (() -> StateDatabase?)?
    private var database: StateDatabase?
    /// The searches while there is no database to keep them.
    private var inMemory: [RecentSearch] = []

    init(_ open: @escaping () -> StateDatabase?) { self.open = open }

    func load() throws -> [RecentSearch] {
        guard let database = opened() else { return inMemory }
        return try database.load()
    }

    func record(_ search: RecentSearch) throws -> [RecentSearch] {
        guard let database = opened() else {
            inMemory = RecentSearch.record(search, in: inMemory)
            return inMemory
        }
        return try database.record(search)
    }

    func takeNotice() -> String? { database?.takeNotice() }

    private func opened() -> StateDatabase? {
        if let open {
            self.open = nil
            database = open()
        }
        return database
    }
}
