import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import ViewModels

/// What `trace` records of a row's metadata pipeline, every event in order, on the virtual clock.
@MainActor
struct MetadataPipelineTraceTests {
    let services = FakeServices()

    func makeItem(_ pipeline: MetadataPipeline) -> PhotoItemViewModel {
        PhotoItemViewModel(photo: FakeSearchService.photo(1), row: 1, services: services, pipeline: pipeline)
    }

    /// A hide after the load still reaches takeUntil, which completes there.
    @Test func theOriginalPipelineCompletesAtTheFirstHideAfterItsRowLoaded() {
        let log = services.instrumented()
        let item = makeItem(.original)
        item.setVisible(true)
        services.virtual.advance(by: .seconds(2))
        item.setVisible(false)
        services.virtual.advance(by: .milliseconds(100))
        item.setVisible(true)
        services.virtual.advance(by: .seconds(2))
        #expect(
            log.lines(dropping: "row 1 · ") == [
                "0: isVisible subscribed",
                "0: flattenMap(metadata) subscribed",
                "0: takeUntil(hidden) subscribed",
                "0: delay(1s) subscribed",
                "0: filter(true) subscribed",
                "0: isVisible true",
                "0: filter(true) true",
                "1000: delay(1s) true",
                "1000: takeUntil(hidden) true",
                "1000: metadata subscribed",
                "1000: favorites subscribed",
                "1000: comments subscribed",
                "1200: favorites 40",
                "1200: favorites completed",
                "1300: comments 7",
                "1300: metadata 40/7",
                "1300: flattenMap(metadata) 40/7",
                "1300: comments completed",
                "1300: metadata completed",
                "2000: isVisible false",
                "2000: filter(true) disposed",
                "2000: delay(1s) disposed",
                "2000: takeUntil(hidden) completed",
                "2000: flattenMap(metadata) completed",
                "2100: isVisible true",
            ])
        #expect(item.favorites.value == 40)
        #expect(services.fake.started == ["favorites p1", "comments p1"])
        #expect(services.virtual.pendingCount == 0)
    }

    @Test func theFixedPipelineFetchesOnceAndIgnoresLaterShowsAndHides() {
        let log = services.instrumented()
        let item = makeItem(.fixed)
        item.setVisible(true)
        services.virtual.advance(by: .seconds(2))
        item.setVisible(false)
        services.virtual.advance(by: .milliseconds(100))
        item.setVisible(true)
        services.virtual.advance(by: .seconds(2))
        #expect(
            log.lines(dropping: "row 1 · ") == [
                "0: isVisible subscribed",
                "0: isVisible true",
                "0: delay(1s) subscribed",
                "1000: delay(1s) fired",
                "1000: delay(1s) completed",
                "1000: metadata subscribed",
                "1000: favorites subscribed",
                "1000: comments subscribed",
                "1200: favorites 40",
                "1200: favorites completed",
                "1300: comments 7",
                "1300: metadata 40/7",
                "1300: comments completed",
                "1300: metadata completed",
                "2000: isVisible false",
                "2100: isVisible true",
            ])
        #expect(services.fake.started == ["favorites p1", "comments p1"])
    }

    @Test func theFixedPipelineCountsTheCallsAHideSaves() {
        _ = services.instrumented()
        let item = makeItem(.fixed)
        item.setVisible(true)
        services.virtual.advance(by: .milliseconds(500))
        item.setVisible(false)
        services.virtual.advance(by: .seconds(2))
        #expect(services.instrumentation?.savedMetadataCalls == 2)
        #expect(services.fake.started.isEmpty)
    }

    @Test func theOriginalPipelineCountsTheCallsAHideSavesAsTheFixedOneDoes() {
        _ = services.instrumented()
        let item = makeItem(.original)
        item.setVisible(true)
        services.virtual.advance(by: .milliseconds(500))
        item.setVisible(false)
        services.virtual.advance(by: .seconds(2))
        #expect(services.instrumentation?.savedMetadataCalls == 2)
        #expect(services.fake.started.isEmpty)
    }

    @Test func theOriginalPipelineSavesNothingWhenTheHideComesAfterTheLoad() {
        _ = services.instrumented()
        let item = makeItem(.original)
        item.setVisible(true)
        services.virtual.advance(by: .seconds(2))
        item.setVisible(false)
        services.virtual.advance(by: .seconds(2))
        #expect(services.instrumentation?.savedMetadataCalls == 0)
        #expect(services.fake.started == ["favorites p1", "comments p1"])
    }
}
