import DataTestSupport
import PhotoCatalog
import PhotoModel
import Reactive
import SimulatedService
import XCTest

@MainActor
final class ServiceCountTests: XCTestCase {
    /// The service answers each call with the counts of the photo it names, whether the other
    /// count of the same photo was asked for just before or not.
    func testTheServiceAnswersEachPhotosOwnCounts() async throws {
        let catalog = try Fixtures.catalog()
        let scheduler = VirtualScheduler()
        let service = CatalogSearchService(catalog: catalog, scheduler: scheduler, latency: .fixed(.zero))
        let a = Fixtures.records[3]
        let b = Fixtures.records[7]
        var got: [String] = []
        func ask(_ signal: Signal<Int>, _ label: String) {
            signal.subscribeNext({ got.append("\(label) \($0)") }, error: { got.append("\(label) \($0)") })
        }
        ask(service.favorites(photoID: a.id), "a favorites")
        ask(service.comments(photoID: a.id), "a comments")
        ask(service.comments(photoID: b.id), "b comments")
        ask(service.favorites(photoID: a.id), "a favorites")
        ask(service.comments(photoID: "1"), "unknown comments")
        ask(service.favorites(photoID: b.id), "b favorites")
        scheduler.advance()
        XCTAssertEqual(
            got,
            [
                "a favorites \(a.favorites)", "a comments \(a.comments)", "b comments \(b.comments)",
                "a favorites \(a.favorites)", "unknown comments \(ModelError.photoNotFound("1"))",
                "b favorites \(b.favorites)",
            ])
    }
}
