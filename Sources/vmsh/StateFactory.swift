import Foundation
import PhotoCatalog
import PhotoModel
import Shell

/// Opens the state that lasts between sessions: the recent searches, in `--state PATH` or
/// `$XDG_DATA_HOME/vmsh/state.sqlite`. Under `--virtual-clock` without `--state` there is
/// none: a lesson must give the same transcript on every run, whatever was searched before.
/// A file that cannot be used (unreadable, corrupt, another program's, from a newer vmsh, locked
/// by another program) costs one warning, and is left as it was; the session then keeps its
/// recent searches in memory, since losing them beats refusing to start.
@MainActor
struct StateFactory {
    let output: StandardStreams
    var environment = ProcessInfo.processInfo.environment

    func makeRecentSearchStore(path: String?, virtualClock: Bool) -> (any RecentSearchStore)? {
        if path == nil && virtualClock { return nil }
        do {
            if let path { return try StateDatabase(path: path) }
            return try StateDatabase.openDefault(environment: environment)
        } catch {
            let problem = "\(error)".sanitizedForTerminal
            output.writeError("vmsh: warning: \(problem); recent searches are kept in memory for this session\n")
            return nil
        }
    }
}
