import PhotoModel
import Reactive

/// The search screen's recent searches and where they last: loaded from the store the first
/// time they are needed (read, or a search recorded), since opening a store can cost more than
/// the rest of vmsh's start and a session may never search; recorded through it after each
/// search. The first failure of the store costs one warning, then the list lives in memory for
/// the rest of the session.
@MainActor
final class RecentSearchList {
    /// The newest searches first, at most `RecentSearch.limit`; call `loadIfNeeded()` first.
    let searches = MutableProperty<[RecentSearch]>([])
    /// One line, set the first time the store fails.
    let warning = MutableProperty<String?>(nil)
    /// Where recent searches last; nil without one, and after it failed once.
    private var store: (any RecentSearchStore)?
    private var isLoaded = false

    init(store: (any RecentSearchStore)?) {
        self.store = store
    }

    /// Reads the store, the first time only.
    func loadIfNeeded() {
        guard !isLoaded else { return }
        isLoaded = true
        guard let store else { return }
        do {
            searches.value = Array(try store.load().prefix(RecentSearch.limit))
            // Rows left out (of the wrong type): said once, and the store goes on serving the rest.
            if let notice = store.takeNotice(), warning.value == nil { warning.value = notice }
        } catch {
            storeFailed(error)
        }
    }

    /// Records through the store, whose answer may include other sessions' searches; in memory
    /// when there is no store or it fails.
    func record(_ search: RecentSearch) {
        loadIfNeeded()
        if let store {
            do {
                searches.value = try store.record(search)
                if let notice = store.takeNotice(), warning.value == nil { warning.value = notice }
                return
            } catch {
                storeFailed(error)
            }
        }
        searches.value = RecentSearch.record(search, in: searches.value)
    }

    private func storeFailed(_ error: any Error) {
        store = nil
        warning.value = "recent searches are kept in memory only: \(error)"
    }
}
