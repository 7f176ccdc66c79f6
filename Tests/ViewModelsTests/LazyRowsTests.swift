import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import ViewModels

/// A results list makes a row's ViewModel only when the row is first needed; what the rows do,
/// what the event log holds and what `stats` counts stay as when every row was made at once.
@MainActor
struct LazyRowsTests {
    let services = FakeServices()

    func makeList(_ count: Int = 3, pipeline: MetadataPipeline? = nil) -> SearchResultsViewModel {
        let photos = (1...count).map(FakeSearchService.photo)
        return SearchResultsViewModel(
            results: SearchResults(searchText: "sunset", photos: photos, totalResults: count * 10),
            services: services, pipeline: pipeline)
    }

    @Test func aListMakesNoRowUntilOneIsAskedForThenKeepsIt() {
        let list = makeList()
        #expect(list.rowCount == 3)
        #expect(list.madeItems.isEmpty)
        let row = list.item(row: 2)
        #expect(row?.row == 2)
        #expect(row?.title == "Angry \u{1B}[31msky")
        #expect(list.madeItems.map(\.row) == [2])
        #expect(list.item(row: 2) === row)
        #expect(list.item(row: 0) == nil)
        #expect(list.item(row: 4) == nil)
        services.virtual.advance(by: .seconds(5))
        #expect(services.fake.started.isEmpty)
    }

    @Test func aRowMadeLaterFetchesItsCountsAsBefore() {
        let list = makeList()
        services.virtual.advance(by: .seconds(3))
        let row = list.item(row: 1)!
        let counts = countsTimeline(row, on: services.virtual)
        row.setVisible(true)
        services.virtual.advance(by: .milliseconds(999))
        #expect(services.fake.started.isEmpty)
        services.virtual.advance(by: .milliseconds(1))
        #expect(services.fake.started == ["favorites p1", "comments p1"])
        services.virtual.advance(by: .seconds(2))
        #expect(counts.events == ["3000: ?/?", "4300: 40/?", "4300: 40/7"])
    }

    @Test func theLogHoldsEveryRowsSubscriptionFromTheStartAndItsEndOnDispose() {
        let log = services.instrumented()
        let list = makeList()
        services.virtual.advance(by: .seconds(1))
        list.item(row: 2)?.setVisible(true)
        services.virtual.advance(by: .milliseconds(500))
        list.dispose()
        #expect(
            log.lines() == [
                "0: row 1 · isVisible subscribed",
                "0: row 2 · isVisible subscribed",
                "0: row 3 · isVisible subscribed",
                "1000: row 2 · isVisible true",
                "1000: row 2 · delay(1s) subscribed",
                "1500: row 1 · isVisible disposed",
                "1500: row 2 · isVisible disposed",
                "1500: row 2 · delay(1s) disposed",
                "1500: row 3 · isVisible disposed",
            ])
        #expect(services.instrumentation?.savedMetadataCalls == 2)
    }

    @Test func theOriginalPipelineMakesItsRowsWhenFirstNeededAsTheOthersDo() {
        let log = services.instrumented()
        let list = makeList(2, pipeline: .original)
        #expect(list.madeItems.isEmpty)
        _ = list.item(row: 2)
        // Each step a lane, as the notation's original draws them, subscribed when the row is made.
        #expect(
            log.lines() == [
                "0: row 1 · isVisible subscribed",
                "0: row 2 · isVisible subscribed",
                "0: row 2 · flattenMap(metadata) subscribed",
                "0: row 2 · takeUntil(hidden) subscribed",
                "0: row 2 · delay(1s) subscribed",
                "0: row 2 · filter(true) subscribed",
            ])
    }

    @Test func countingMakesTheRestAndListsRowsBeforeTheirList() {
        _ = services.instrumented()
        var list: SearchResultsViewModel? = makeList()
        _ = list?.item(row: 3)
        #expect(list?.madeItems.count == 1)
        #expect(
            services.instrumentation?.liveCounts.map { "\($0.type) \($0.count)" } == [
                "PhotoItemViewModel 3", "SearchResultsViewModel 1",
            ])
        #expect(list?.madeItems.map(\.row) == [1, 2, 3])
        list?.dispose()
        list = nil
        #expect(services.instrumentation?.liveCounts.isEmpty == true)
    }

    @Test func aRowKeepsThePipelineSetWhenItsListArrived() {
        _ = services.instrumented()
        services.instrumentation?.metadataPipeline = .naive
        let list = makeList()
        services.instrumentation?.metadataPipeline = .fixed
        #expect(list.item(row: 1)?.pipeline == .naive)
    }

    @Test func aRowAskedForAfterTheListIsDisposedDoesNothing() {
        let log = services.instrumented()
        let list = makeList(1)
        list.dispose()
        let row = list.item(row: 1)
        row?.setVisible(true)
        services.virtual.advance(by: .seconds(3))
        #expect(services.fake.started.isEmpty)
        #expect(log.lines() == ["0: row 1 · isVisible subscribed", "0: row 1 · isVisible disposed"])
    }

    @Test func manyViewModelsComeAndGoAndOnlyTheLivingAreCounted() {
        _ = services.instrumented()
        var kept: [SearchResultsViewModel] = []
        for index in 0..<500 {
            let list = makeList(1)
            _ = list.item(row: 1)
            if index % 100 == 0 { kept.append(list) } else { list.dispose() }
        }
        #expect(
            services.instrumentation?.liveCounts.map { "\($0.type) \($0.count)" } == [
                "PhotoItemViewModel 5", "SearchResultsViewModel 5",
            ])
    }
}
