import DataTestSupport
import Foundation
import XCTest

@testable import PhotoCatalog

/// Near words read a bounded part of the index whatever it holds: a hostile index of many
/// words costs the budget, not its size, and the word a typo meant is still found.
@MainActor
final class NearWordsBudgetTests: XCTestCase {
    func testAHugeIndexIsReadOnlyUpToTheBudgetAndTheNearWordIsStillFound() async throws {
        let directory = TemporaryDirectory("near-budget")
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        let word: String
        do {
            let catalog = try Catalog(path: path, count: 300)
            word = try XCTUnwrap(catalog.words().map(\.word).first { $0.count >= 5 && $0.allSatisfy(\.isLetter) })
        }
        let budget = Catalog.nearWordBudget
        // Five budgets of words, most of them beginning as the word does, the rest anywhere.
        let three = String(word.prefix(3))
        try SQLiteFile.execute(
            path: path,
            sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(budget * 3))
                INSERT OR IGNORE INTO term_counts SELECT '\(three)' || printf('%07d', i), 1 FROM n;
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(budget * 2))
                INSERT OR IGNORE INTO term_counts
                SELECT char(97 + i % 26) || char(97 + i / 26 % 26) || printf('%07d', i), 1 FROM n;
                """)
        let catalog = try Catalog(path: path, count: 300)
        for typo in [word + "q", String(word.prefix(3)) + "q" + word.dropFirst(4)] {
            var examined = 0
            let near = try catalog.nearWords(to: typo, limit: 3, examined: &examined)
            XCTAssertTrue(near.contains(word), "\(typo): \(near)")
            // The word's own forms looked up, the index's size counted up to the budget, then the budget.
            XCTAssertLessThanOrEqual(examined, 2 * budget + 20, typo)
        }
        var examined = 0
        XCTAssertEqual(try catalog.nearWords(to: "qqqqqqqq", limit: 3, examined: &examined), [])
        XCTAssertLessThanOrEqual(examined, 2 * budget + 20)
    }

    func testASmallIndexIsReadWhole() async throws {
        var examined = 0
        let catalog = try Fixtures.catalog()
        _ = try catalog.nearWords(to: "sunsett", limit: 3, examined: &examined)
        let size = try XCTUnwrap(Int(try catalog.textForTesting("SELECT count(*) FROM term_counts") ?? ""))
        XCTAssertGreaterThanOrEqual(examined, size, "every word of a small index is a candidate")
    }
}
