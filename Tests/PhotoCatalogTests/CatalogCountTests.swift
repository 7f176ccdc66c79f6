import DataTestSupport
import PhotoModel
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
        }
        for unknown in ["1", "", "' OR 1=1 --", "99999999999"] {
            XCTAssertThrowsError(try catalog.counts(photoID: unknown)) {
                XCTAssertEqual($0 as? ModelError, .photoNotFound(unknown))
            }
        }
    }
}
