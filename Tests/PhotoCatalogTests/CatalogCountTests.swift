import PhotoModel
import XCTest

@testable import PhotoCatalog

@MainActor
final class CatalogCountTests: XCTestCase {
    /// The counts the service reads (cached statements, no transaction) are the stored ones,
    /// call after call, and an unknown id is the same `photoNotFound` as before.
    func testCountsAreTheStoredOnesAndUnknownIdsAreNotFound() async throws {
        let catalog = try Fixtures.catalog()
        for record in Fixtures.records.prefix(50) + Fixtures.records.prefix(5) {
            XCTAssertEqual(try catalog.count(.favorites, photoID: record.id), record.favorites)
            XCTAssertEqual(try catalog.count(.comments, photoID: record.id), record.comments)
            XCTAssertEqual(try catalog.count(.favorites, photoID: record.id), try catalog.favorites(photoID: record.id))
            XCTAssertEqual(try catalog.count(.comments, photoID: record.id), try catalog.comments(photoID: record.id))
        }
        for unknown in ["1", "", "' OR 1=1 --", "99999999999"] {
            XCTAssertThrowsError(try catalog.count(.favorites, photoID: unknown)) {
                XCTAssertEqual($0 as? ModelError, .photoNotFound(unknown))
            }
            XCTAssertThrowsError(try catalog.count(.comments, photoID: unknown)) {
                XCTAssertEqual($0 as? ModelError, .photoNotFound(unknown))
            }
        }
    }
}
