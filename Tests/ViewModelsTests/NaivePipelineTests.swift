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
