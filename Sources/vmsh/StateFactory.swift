import Foundation
import PhotoCatalog
import PhotoModel
import Shell

/// Opens the state that lasts between sessions: the recent searches, in
/// `$XDG_DATA_HOME/vmsh/state.sqlite`. A file that cannot be used (unreadable, corrupt, from a
/// newer vmsh) costs one warning; the session then keeps its recent searches in memory, since
/// losing them is better than refusing to start.
@MainActor
struct StateFactory {
    let output: StandardStreams
    var environment = ProcessInfo.processInfo.environment

    func makeRecentSearchStore() -> (any RecentSearchStore)? {
        do {
            return try StateDatabase.openDefault(environment: environment)
        } catch {
            output.writeError("vmsh: warning: \(error); recent searches are kept in memory for this session\n")
            return nil
        }
    }
}
