import PhotoModel
import Reactive
import XCTest

@testable import PhotoCatalog

@MainActor
final class CatalogCountTests: XCTestCase {
    /// Both counts in one query (cached statement, no transaction) are the stored ones, call
    /// after call, and an unknown id is the same `photoNotFound` as before.
    func testCountsAreTheStoredOnesAndUnknownIdsAreNotFound() async throws {
        let catalog = try Fixtures.catalog()
        for record in Fixtures.records.prefix(50) + Fixtures.records.prefix(5) {
            let counts = try catalog.counts(photoID: record.id)
            XCTAssertEqual(counts, Catalog.Counts(favorites: record.favorites, comments: record.comments))
            // favorites(photoID:) and comments(photoID:) read through the same statement.
            XCTAssertEqual(try catalog.favorites(photoID: record.id), record.favorites)
            XCTAssertEqual(try catalog.comments(photoID: record.id), record.comments)
        }
        for unknown in ["1", "", "' OR 1=1 --", "99999999999"] {
            XCTAssertThrowsError(try catalog.counts(photoID: unknown)) {
                XCTAssertEqual($0 as? ModelError, .photoNotFound(unknown))
            }
        }
    }

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
