import DataTestSupport
import PhotoModel
import XCTest

@testable import PhotoCatalog

@MainActor
final class CatalogSearchTests: XCTestCase {
    func testSearchRanksByInterestingnessThenIdAndCountsAllMatches() async throws {
        let catalog = try Fixtures.catalog()
        for word in ["sunset", "cat", "bridge"] {
            let expected = Fixtures.records
                .filter { words(of: $0).contains(word) }
                .sorted { ($0.interestingness, $1.id) > ($1.interestingness, $0.id) }
            XCTAssertGreaterThan(expected.count, 20, word)
            let result = try catalog.search(text: word, limit: 20)
            XCTAssertEqual(result.total, expected.count, word)
            XCTAssertEqual(result.photos, expected.prefix(20).map(\.photo), word)
        }
    }

    func testPopularOrdersTheWholeCatalog() async throws {
        let catalog = try Fixtures.catalog()
        let popular = try catalog.popular(limit: Fixtures.smallCount)
        let expected = Fixtures.records.sorted { ($0.interestingness, $1.id) > ($1.interestingness, $0.id) }
        XCTAssertEqual(popular, expected.map(\.photo))
    }

    func testDefaultLimitIsOneHundredAndLimitIsRespected() async throws {
        let catalog = try Fixtures.catalog()
        let all = try catalog.search(text: "the")
        XCTAssertGreaterThan(all.total, 100)
        XCTAssertEqual(all.photos.count, 100)
        XCTAssertEqual(try catalog.search(text: "the", limit: 3).photos, Array(all.photos.prefix(3)))
        XCTAssertEqual(try catalog.search(text: "the", limit: 0).photos, [])
        XCTAssertEqual(try catalog.search(text: "the", limit: 0).total, all.total)
    }

    func testAllWordsMustMatch() async throws {
        let catalog = try Fixtures.catalog()
        let expected = Fixtures.records.filter { words(of: $0).isSuperset(of: ["sunset", "beach"]) }
        XCTAssertEqual(try catalog.search(text: "Sunset   BEACH").total, expected.count)
        XCTAssertLessThan(expected.count, try catalog.search(text: "sunset").total)
    }

    func testUnmatchedOrEmptyTextGivesNoResultsAndNoError() async throws {
        let catalog = try Fixtures.catalog()
        for text in ["xyzzyplugh", "sunset xyzzyplugh", "", "   ", "!!!", "🙂", "\"", "-"] {
            let result = try catalog.search(text: text)
            XCTAssertEqual(result.total, 0, text)
            XCTAssertEqual(result.photos, [], text)
        }
    }

    func testHostileFTSInputNeverThrows() async throws {
        let catalog = try Fixtures.catalog()
        let hostile = [
            "\"", "\"\"", "sunset\"", "\"sunset", "(", ")", "(sunset", "sunset)", "*", "sun*", "-cat", "cat -dog",
            "NEAR", "NEAR(cat dog)", "cat NEAR dog", "AND", "OR", "NOT", "cat OR", "cat AND", "NOT cat",
            "title:cat", "tags:cat", "{title}: cat", "^cat", "cat + dog", "'", "'; DROP TABLE photos; --",
            "\u{0}", "cat\u{0}dog", "e\u{301}", "\u{301}", "東京", "🙂 cat", "ß", "İstanbul",
            String(repeating: "cat ", count: 500),
        ]
        for text in hostile {
            XCTAssertNoThrow(try catalog.search(text: text), text.debugDescription)
        }
        let cat = try catalog.search(text: "cat").total
        XCTAssertEqual(try catalog.search(text: "-cat").total, cat, "'-' is not NOT")
        XCTAssertEqual(try catalog.search(text: "(cat)").total, cat)
        XCTAssertEqual(try catalog.search(text: "\"cat\"").total, cat)
        XCTAssertEqual(try catalog.search(text: "cat*").total, cat, "'*' is not a prefix query")
        let near = Fixtures.records.filter { words(of: $0).contains("near") }.count
        XCTAssertGreaterThan(near, 0)
        XCTAssertEqual(try catalog.search(text: "NEAR").total, near, "NEAR is an ordinary word (titles use it)")
        XCTAssertEqual(
            try catalog.search(text: "NEAR(cat dog)").total,
            Fixtures.records.filter { words(of: $0).isSuperset(of: ["near", "cat", "dog"]) }.count)
        XCTAssertEqual(try catalog.search(text: "cat OR dog").total, 0, "OR is an ordinary word, and no title has it")
        XCTAssertEqual(try catalog.popular(limit: 1).count, 1, "still intact")
    }

    func testDiacriticsAndNonLatinWordsAreFound() async throws {
        let catalog = try Fixtures.catalog()
        let accented = try catalog.search(text: "café").total
        XCTAssertGreaterThan(accented, 0)
        XCTAssertEqual(try catalog.search(text: "cafe").total, accented)
        XCTAssertEqual(try catalog.search(text: "CAFÉ").total, accented)
        XCTAssertEqual(try catalog.search(text: "cafe\u{301}").total, accented, "decomposed input is composed first")
        guard let cjk = Fixtures.records.first(where: { $0.tags.contains("北京") }) else {
            return XCTFail("the fixture has a photo tagged 北京")
        }
        let result = try catalog.search(text: "北京", limit: 500)
        XCTAssertTrue(result.photos.contains(cjk.photo))
        XCTAssertEqual(
            result.total, Fixtures.records.filter { $0.tags.contains("北京") || $0.title.contains("北京") }.count)
    }

    func testQueryTokens() async {
        XCTAssertEqual(SearchQuery("  Sunset, beach! ").tokens, ["Sunset", "beach"])
        XCTAssertEqual(SearchQuery("NEAR(a \"b\")").matchExpression, "\"NEAR\" AND \"a\" AND \"b\"")
        XCTAssertEqual(SearchQuery("cat cat").tokens, ["cat"])
        XCTAssertNil(SearchQuery("* - ( ) \"").matchExpression)
        XCTAssertEqual(SearchQuery("\u{301}x").tokens, ["x"], "a lone mark is no word")
        XCTAssertEqual(
            SearchQuery(
                String(
                    repeating: "a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb cc dd ee ff gg hh ", count: 2)
            ).tokens.count, SearchQuery.maximumTokens)
    }

    func testPhotoLookupsAndUnknownIds() async throws {
        let catalog = try Fixtures.catalog()
        let record = Fixtures.records[123]
        XCTAssertEqual(
            try catalog.counts(photoID: record.id),
            Catalog.Counts(favorites: record.favorites, comments: record.comments))
        XCTAssertEqual(try catalog.record(photoID: record.id), record)
        for unknown in ["1", "", "' OR 1=1 --", "99999999999"] {
            XCTAssertThrowsError(try catalog.counts(photoID: unknown)) {
                XCTAssertEqual($0 as? ModelError, .photoNotFound(unknown))
            }
            XCTAssertThrowsError(try catalog.record(photoID: unknown)) {
                XCTAssertEqual($0 as? ModelError, .photoNotFound(unknown))
            }
        }
    }

    func testPopularIsTheMostInteresting() async throws {
        let catalog = try Fixtures.catalog()
        let top = Fixtures.records.max { ($0.interestingness, $1.id) < ($1.interestingness, $0.id) }!
        XCTAssertEqual(try catalog.popular(limit: 1), [top.photo])
        XCTAssertEqual(try catalog.popular().count, 100)
    }
}
