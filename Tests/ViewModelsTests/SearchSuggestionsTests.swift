import PhotoModel
import TestSupport
import Testing

@testable import ViewModels

/// An empty results list offers the service's near texts, only those the search screen takes.
@MainActor
struct SearchSuggestionsTests {
    let services = FakeServices()

    func makeList(_ photos: [Photo], suggestions: [String]) -> SearchResultsViewModel {
        SearchResultsViewModel(
            results: SearchResults(
                searchText: "dgos", photos: photos, totalResults: photos.count, suggestions: suggestions),
            services: services)
    }

    @Test func anEmptyListDeclaresTheSearchableSuggestions() {
        let list = makeList([], suggestions: ["dog", "dogs", "dog beach"])
        #expect(list.suggestions == ["dogs", "dog beach"])
        #expect(list.outputs.map(\.name).last == "suggestions")
    }

    @Test func aListWithoutSuggestionsDeclaresNone() {
        #expect(!makeList([], suggestions: []).outputs.map(\.name).contains("suggestions"))
        let found = makeList([FakeSearchService.photo(1)], suggestions: [])
        #expect(!found.outputs.map(\.name).contains("suggestions"))
    }
}
