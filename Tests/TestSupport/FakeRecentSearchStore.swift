import PhotoModel
import Reactive
import ViewModels

/// A recent-search store in memory that can be told to fail, counting its calls.
@MainActor
public final class FakeRecentSearchStore: RecentSearchStore {
    public var stored: [RecentSearch]
    public var failLoad = false
    public var failRecord = false
    public private(set) var loads = 0
    public private(set) var records = 0

    public init(_ stored: [RecentSearch] = []) { self.stored = stored }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String { "state.sqlite: disk I/O error" }
    }

    public func load() throws -> [RecentSearch] {
        loads += 1
        if failLoad { throw Failure() }
        return stored
    }

    public func record(_ search: RecentSearch) throws -> [RecentSearch] {
        records += 1
        if failRecord { throw Failure() }
        stored = RecentSearch.record(search, in: stored)
        return stored
    }
}

/// `FakeServices` with a recent-search store.
@MainActor
public final class FakeServicesWithStore: ViewModelServices {
    public let base = FakeServices()
    public let store: FakeRecentSearchStore

    public init(store: FakeRecentSearchStore) { self.store = store }

    public var fake: FakeSearchService { base.fake }
    public var virtual: VirtualScheduler { base.virtual }
    public var pushed: [any ViewModel] { base.pushed }
    public var searchService: any PhotoSearchService { base.fake }
    public var scheduler: any Scheduler { base.virtual }
    public var recentSearchStore: (any RecentSearchStore)? { store }
    public func push(_ viewModel: any ViewModel) { base.push(viewModel) }
    public func pop() -> Bool { base.pop() }
}
