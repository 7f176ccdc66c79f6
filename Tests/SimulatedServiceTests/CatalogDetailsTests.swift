import DataTestSupport
import PhotoCatalog
import PhotoModel
import Reactive
import SimulatedService
import TestSupport
import Testing

/// What the photo pager gets from the embedded catalog.
@MainActor
struct CatalogDetailsTests {
    @Test func detailsCarryTheRecordsFieldsFlickrsSizesAndThePage() throws {
        let scheduler = VirtualScheduler()
        let service = CatalogSearchService(catalog: try Fixtures.catalog(), scheduler: scheduler)
        let record = Fixtures.records[42]
        var received: [PhotoDetails] = []
        service.details(photoID: record.id).subscribeNext { received.append($0) }
        scheduler.runUntilIdle()
        let details = try #require(received.first)
        #expect(details.id == record.id)
        #expect(details.views == record.views)
        #expect(details.tags == record.tags)
        #expect(details.taken == record.taken)
        #expect(details.pageURL == "https://www.flickr.com/photos/\(record.owner)/\(record.id)/")
        #expect(details.sizes.map(\.longestEdge) == [75, 100, 240, 640, 1024])
        #expect(
            details.sizes.last?.url
                == "https://live.staticflickr.com/\(record.server)/\(record.id)_\(record.secret)_b.jpg")
    }

    @Test func theProtocolsDefaultsFailSoAServiceWithoutThemStillCompilesAndSaysWhy() {
        final class Minimal: PhotoSearchService {
            func search(_ text: String) -> Signal<SearchResults> { .empty }
            func favorites(photoID: String) -> Signal<Int> { .empty }
            func comments(photoID: String) -> Signal<Int> { .empty }
        }
        var errors: [String] = []
        Minimal().popular().subscribeNext({ _ in }, error: { errors.append("\($0)") })
        Minimal().details(photoID: "1").subscribeNext({ _ in }, error: { errors.append("\($0)") })
        #expect(errors == ["this service has no popular photos", "this service cannot fetch photo details"])
    }
}
