import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import ViewModels

/// The tutorial's first version: every show fetches at once, and hiding cancels nothing.
@MainActor
struct NaivePipelineTests {
    let services = FakeServices()

    @Test func everyShowFetchesAtOnceAndAHideCancelsNothing() {
        let item = PhotoItemViewModel(photo: FakeSearchService.photo(1), row: 1, services: services, pipeline: .naive)
        let timeline = countsTimeline(item, on: services.virtual)
        item.setVisible(true)
        #expect(services.fake.started == ["favorites p1", "comments p1"])
        item.setVisible(false)
        item.setVisible(true)
        #expect(services.fake.started == ["favorites p1", "comments p1", "favorites p1", "comments p1"])
        services.virtual.advance(by: .seconds(2))
        #expect(services.fake.cancelled.isEmpty)
        #expect(timeline.events == ["0: ?/?", "300: 40/?", "300: 40/7", "300: 40/7", "300: 40/7"])
    }
}

extension NaivePipelineTests {
    /// Its lanes are its steps as the notation writes it (`code naive`): the same pipeline
    /// written by hand records the same.
    @Test func eachStepOfItsNotationIsALane() {
        let log = services.instrumented()
        let item = PhotoItemViewModel(photo: FakeSearchService.photo(1), row: 1, services: services, pipeline: .naive)
        item.setVisible(true)
        services.virtual.advance(by: .seconds(1))
        #expect(
            log.lines(dropping: "row 1 · ") == [
                "0: isVisible subscribed",
                "0: flattenMap(metadata) subscribed",
                "0: filter(true) subscribed",
                "0: isVisible true",
                "0: filter(true) true",
                "0: metadata subscribed",
                "0: favorites subscribed",
                "0: comments subscribed",
                "200: favorites 40",
                "200: favorites completed",
                "300: comments 7",
                "300: metadata 40/7",
                "300: flattenMap(metadata) 40/7",
                "300: comments completed",
                "300: metadata completed",
            ])
    }
}
