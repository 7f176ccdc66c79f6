import DataTestSupport
import XCTest

@testable import PhotoCatalog

/// One-word totals come from the per-word counts stored at build time, or count the index's
/// matches of the word's forms; they must equal what counting the index's matches of every form
/// gives, and the generator's own records, for every word.
@MainActor
final class CatalogTotalsTests: XCTestCase {
    func testEveryOneWordTotalEqualsTheMatchesCounted() async throws {
        let catalog = try Fixtures.catalog()
        let wordSets = Fixtures.records.map { words(of: $0) }
        let vocabulary = wordSets.reduce(into: Set<String>()) { $0.formUnion($1) }
        var checked = 0
        for word in vocabulary.sorted() where SearchQuery(word).asciiTerm != nil {
            let forms = WordForms.forms(of: word).filter(vocabulary.contains)
            let any = forms.map { "\"\($0)\"" }.joined(separator: " OR ")
            let counted = try catalog.textForTesting("SELECT count(*) FROM photos_fts WHERE photos_fts MATCH '\(any)'")
            let oracle = wordSets.filter { !$0.isDisjoint(with: forms) }.count
            let total = try catalog.search(text: word.uppercased()).total
            XCTAssertEqual(total, Int(counted ?? ""), word)
            XCTAssertEqual(total, oracle, word)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 200)
        XCTAssertEqual(try catalog.search(text: "qqqqzzzz").total, 0)
    }

    func testTheTotalOfAWordWithSeveralFormsIsStoredAtBuildTime() async throws {
        let catalog = try Fixtures.catalog()
        let stored = try catalog.textForTesting("SELECT photos FROM form_counts WHERE forms = 'cloud clouds'")
        let oracle = Fixtures.records.filter { !words(of: $0).isDisjoint(with: ["cloud", "clouds"]) }.count
        XCTAssertEqual(Int(stored ?? ""), oracle)
        XCTAssertGreaterThan(oracle, Fixtures.records.filter { words(of: $0).contains("cloud") }.count)
        XCTAssertEqual(try catalog.search(text: "Clouds", limit: 0).total, oracle)
        XCTAssertNil(try catalog.textForTesting("SELECT photos FROM form_counts WHERE forms = 'sunset'"))
    }

    func testOnlyOneASCIIWordIsLookedUp() async {
        XCTAssertEqual(SearchQuery("Sunset").asciiTerm, "sunset")
        XCTAssertEqual(SearchQuery("  2019 ").asciiTerm, "2019")
        XCTAssertNil(SearchQuery("sunset lake").asciiTerm)
        XCTAssertNil(SearchQuery("café").asciiTerm)
        XCTAssertNil(SearchQuery("東京").asciiTerm)
        XCTAssertNil(SearchQuery("").asciiTerm)
    }
}
