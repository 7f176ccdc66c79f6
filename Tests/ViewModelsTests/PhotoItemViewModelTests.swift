import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import ViewModels

@MainActor
struct PhotoItemViewModelTests {
    let services = FakeServices()

    func makeItem(_ pipeline: MetadataPipeline = .fixed) -> PhotoItemViewModel {
        PhotoItemViewModel(photo: FakeSearchService.photo(1), row: 1, services: services, pipeline: pipeline)
    }

    @Test func visibleForOneSecondThenBothCountsAreFetched() {
        let item = makeItem()
        let timeline = countsTimeline(item, on: services.virtual)
        item.setVisible(true)
        services.virtual.advance(by: .milliseconds(999))
        #expect(services.fake.started.isEmpty)
        services.virtual.advance(by: .milliseconds(1))
        #expect(services.fake.started == ["favorites p1", "comments p1"])
        services.virtual.advance(by: .seconds(2))
        #expect(timeline.events == ["0: ?/?", "1300: 40/?", "1300: 40/7"])
        #expect(item.url == "https://live.staticflickr.com/1/p1_abc_m.jpg")
    }

    @Test func aRowHiddenWithinOneSecondNeverFetches() {
        let item = makeItem()
        let timeline = countsTimeline(item, on: services.virtual)
        item.setVisible(true)
        services.virtual.advance(by: .milliseconds(600))
        item.setVisible(false)
        services.virtual.advance(by: .seconds(5))
        #expect(services.fake.started.isEmpty)
        #expect(services.virtual.pendingCount == 0)
        #expect(timeline.events == ["0: ?/?"])
    }

    @Test func aRowHiddenDuringTheFetchCancelsIt() {
        let item = makeItem()
        item.setVisible(true)
        services.virtual.advance(by: .milliseconds(1250))
        item.setVisible(false)
        services.virtual.advance(by: .seconds(5))
        #expect(services.fake.started == ["favorites p1", "comments p1"])
        #expect(services.fake.finished == ["favorites p1"])
        #expect(services.fake.cancelled == ["comments p1"])
        #expect(item.favorites.value == nil)
    }

    @Test func visibleAgainStartsOverAndFetchesOnlyOnce() {
        let item = makeItem()
        let timeline = countsTimeline(item, on: services.virtual)
        item.setVisible(true)
        services.virtual.advance(by: .milliseconds(500))
        item.setVisible(false)
        item.setVisible(true)
        services.virtual.advance(by: .milliseconds(999))
        #expect(services.fake.started.isEmpty)
        services.virtual.advance(by: .seconds(1))
        item.setVisible(false)
        item.setVisible(true)
        services.virtual.advance(by: .seconds(5))
        #expect(services.fake.started == ["favorites p1", "comments p1"])
        #expect(timeline.events == ["0: ?/?", "1800: 40/?", "1800: 40/7"])
    }

    @Test func metadataErrorsAreIgnoredAndALaterShowRetries() {
        let item = makeItem()
        let timeline = countsTimeline(item, on: services.virtual)
        services.fake.failMetadata = true
        item.setVisible(true)
        services.virtual.advance(by: .seconds(2))
        #expect(timeline.events == ["0: ?/?"])
        services.fake.failMetadata = false
        item.setVisible(false)
        item.setVisible(true)
        services.virtual.advance(by: .seconds(2))
        #expect(timeline.events == ["0: ?/?", "3300: 40/?", "3300: 40/7"])
    }

    @Test func theOriginalPipelineNeverFetchesAfterTheFirstHide() {
        let item = makeItem(.original)
        item.setVisible(true)
        services.virtual.advance(by: .milliseconds(500))
        item.setVisible(false)
        item.setVisible(true)
        services.virtual.advance(by: .seconds(5))
        #expect(services.fake.started.isEmpty)
        #expect(item.favorites.value == nil)
    }

    @Test func theOriginalPipelineFetchesWhenLeftVisible() {
        let item = makeItem(.original)
        let timeline = countsTimeline(item, on: services.virtual)
        item.setVisible(true)
        services.virtual.advance(by: .seconds(2))
        #expect(timeline.events == ["0: ?/?", "1300: 40/?", "1300: 40/7"])
    }

    @Test func aDisposedResultsViewModelIsFreedWithItsItemsAndCancelsFetches() {
        weak var weakResults: SearchResultsViewModel?
        weak var weakItem: PhotoItemViewModel?
        do {
            let results = SearchResultsViewModel(
                results: SearchResults(searchText: "sunset", photos: [FakeSearchService.photo(1)], totalResults: 1),
                services: services)
            results.items[0].setVisible(true)
            services.virtual.advance(by: .milliseconds(1100))
            results.dispose()
            weakResults = results
            weakItem = results.items[0]
        }
        #expect(weakResults == nil)
        #expect(weakItem == nil)
        #expect(services.fake.cancelled == ["favorites p1", "comments p1"])
        #expect(services.virtual.pendingCount == 0)
    }
}
