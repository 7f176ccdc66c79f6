import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import ViewModels

/// A pipeline of one's own: the row hands it its inputs and shows what comes out as its counts.
@MainActor
struct OwnPipelineRowTests {
    let services = FakeServices()

    /// The tutorial's shape, by hand: the first show after a second fetches, a hide ends it.
    private let tutorials = MetadataPipeline.own(
        .init(name: "mine") { row in
            row.isVisible.filter { $0 }.delay(.seconds(1), on: row.scheduler).take(until: row.hidden)
                .flatMap { _ in row.metadata }
        })

    @Test func theRowsInputsDriveItAndItsMetadataBecomesTheRowsCounts() {
        let item = PhotoItemViewModel(
            photo: FakeSearchService.photo(1), row: 1, services: services, pipeline: tutorials)
        let timeline = countsTimeline(item, on: services.virtual)
        item.setVisible(true)
        services.virtual.advance(by: .milliseconds(999))
        #expect(services.fake.started.isEmpty, "the delay holds the show")
        services.virtual.advance(by: .seconds(2))
        #expect(services.fake.started == ["favorites p1", "comments p1"])
        #expect(timeline.events == ["0: ?/?", "1300: 40/?", "1300: 40/7"])
        #expect(item.pipeline.name == "mine")
    }

    @Test func aHideBeforeTheDelayEndsItForGoodAsTheTutorialsDid() {
        let item = PhotoItemViewModel(
            photo: FakeSearchService.photo(1), row: 1, services: services, pipeline: tutorials)
        let timeline = countsTimeline(item, on: services.virtual)
        item.setVisible(true)
        services.virtual.advance(by: .milliseconds(500))
        item.setVisible(false)
        item.setVisible(true)
        services.virtual.advance(by: .seconds(5))
        #expect(services.fake.started.isEmpty)
        #expect(timeline.events == ["0: ?/?"])
    }
}
