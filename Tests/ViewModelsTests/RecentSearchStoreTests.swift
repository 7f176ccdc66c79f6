import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import ViewModels

/// The search ViewModel's recent searches with a store behind them (they last between sessions).
@MainActor
struct RecentSearchStoreTests {
    static func recent(_ text: String, total: Int = 10) -> RecentSearch {
        RecentSearch(searchText: text, totalResults: total, firstPhoto: FakeSearchService.photo(1))
    }

    func search(_ viewModel: SearchViewModel, _ text: String, photos: Int, services: FakeServicesWithStore) throws {
        services.fake.photoCount = photos
        viewModel.setSearchText(text)
        try viewModel.executeSearch.execute(())
        services.virtual.advance(by: .milliseconds(400))
    }

    /// Not at init: opening the store costs more than the rest of vmsh's start.
    @Test func theListIsLoadedFromTheStoreWhenFirstAskedForOnce() {
        let store = FakeRecentSearchStore([Self.recent("river"), Self.recent("city")])
        let viewModel = SearchViewModel(services: FakeServicesWithStore(store: store))
        #expect(store.loads == 0)
        #expect(viewModel.recentSearches.value.map(\.searchText) == ["river", "city"])
        #expect(viewModel.recentSearches.value.map(\.searchText) == ["river", "city"])
        #expect(store.loads == 1)
        #expect(viewModel.recentSearchesWarning.value == nil)
    }

    @Test func aSearchBeforeTheListIsAskedForLoadsItFirst() throws {
        let store = FakeRecentSearchStore([Self.recent("river")])
        let services = FakeServicesWithStore(store: store)
        let viewModel = SearchViewModel(services: services)
        try search(viewModel, "sunset", photos: 3, services: services)
        #expect(store.loads == 1)
        #expect(store.records == 1)
        #expect(viewModel.recentSearches.value.map(\.searchText) == ["sunset", "river"])
        #expect(store.loads == 1)
    }

    @Test func searchesAreRecordedThroughTheStoreNewestFirstCappedAndRefreshed() throws {
        let store = FakeRecentSearchStore()
        let services = FakeServicesWithStore(store: store)
        let viewModel = SearchViewModel(services: services)
        let recent = Timeline(viewModel.recentSearches.signal, on: services.virtual) { list in
            list.map { "\($0.searchText)/\($0.totalResults)" }.joined(separator: ",")
        }
        try search(viewModel, "sunset", photos: 3, services: services)
        try search(viewModel, "mountain", photos: 2, services: services)
        try search(viewModel, "sunset", photos: 1, services: services)
        #expect(
            recent.events == ["0: ", "400: sunset/30", "800: mountain/20,sunset/30", "1200: sunset/10,mountain/20"])
        #expect(store.stored == viewModel.recentSearches.value)
        for index in 1...11 { try search(viewModel, "word\(index)", photos: 1, services: services) }
        #expect(viewModel.recentSearches.value.map(\.searchText) == (2...11).reversed().map { "word\($0)" })
        #expect(store.records == 14)
    }

    @Test func theStoresAnswerWinsSoAnotherSessionsSearchesShow() throws {
        let store = FakeRecentSearchStore()
        let services = FakeServicesWithStore(store: store)
        let viewModel = SearchViewModel(services: services)
        store.stored = [Self.recent("from another vmsh")]
        try search(viewModel, "sunset", photos: 3, services: services)
        #expect(viewModel.recentSearches.value.map(\.searchText) == ["sunset", "from another vmsh"])
    }

    @Test func aSearchWithNoPhotosIsRecordedWithoutAFirstPhoto() throws {
        let store = FakeRecentSearchStore()
        let services = FakeServicesWithStore(store: store)
        let viewModel = SearchViewModel(services: services)
        try search(viewModel, "nothing here", photos: 0, services: services)
        #expect(store.stored == [RecentSearch(searchText: "nothing here", totalResults: 0, firstPhoto: nil)])
        #expect(viewModel.recentSearches.value == store.stored)
    }

    @Test func aStoreThatCannotLoadGivesOneWarningAndTheListLivesInMemory() throws {
        let store = FakeRecentSearchStore([Self.recent("river")])
        store.failLoad = true
        let services = FakeServicesWithStore(store: store)
        let viewModel = SearchViewModel(services: services)
        #expect(viewModel.recentSearches.value.isEmpty)
        let warning = "recent searches are kept in memory only: state.sqlite: disk I/O error"
        #expect(viewModel.recentSearchesWarning.value == warning)
        try search(viewModel, "sunset", photos: 3, services: services)
        #expect(viewModel.recentSearches.value.map(\.searchText) == ["sunset"])
        #expect(store.records == 0, "a store that failed is not used again")
    }

    @Test func aStoreThatCannotRecordKeepsTheListInMemoryAndWarnsOnce() throws {
        let store = FakeRecentSearchStore([Self.recent("river")])
        let services = FakeServicesWithStore(store: store)
        let viewModel = SearchViewModel(services: services)
        let warnings = Timeline(viewModel.recentSearchesWarning.signal, on: services.virtual) { $0 ?? "none" }
        store.failRecord = true
        try search(viewModel, "sunset", photos: 3, services: services)
        try search(viewModel, "mountain", photos: 3, services: services)
        #expect(viewModel.recentSearches.value.map(\.searchText) == ["mountain", "sunset", "river"])
        #expect(
            warnings.events == [
                "0: none", "400: recent searches are kept in memory only: state.sqlite: disk I/O error",
            ])
        #expect(store.records == 1)
        #expect(services.pushed.count == 2, "a store failure never stops a search")
    }
}
