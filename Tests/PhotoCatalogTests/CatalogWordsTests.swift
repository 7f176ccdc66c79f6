import DataTestSupport
import XCTest

@testable import PhotoCatalog

/// The default catalog and the words a newcomer tries first: plurals, places, near words.
@MainActor
final class CatalogWordsTests: XCTestCase {
    private static var cached: Catalog?

    /// The default catalog (20,000 photos, seed 1), made once for these tests.
    private func defaultCatalog() throws -> Catalog {
        if let catalog = Self.cached { return catalog }
        let catalog = try Catalog()
        Self.cached = catalog
        return catalog
    }

    func testTheWordsPeopleTryFirstFindPhotos() async throws {
        let catalog = try defaultCatalog()
        for text in ["dogs", "cats", "paris", "london", "flowers", "trees", "new york", "Tokyo"] {
            XCTAssertGreaterThan(try catalog.search(text: text).total, 50, text)
        }
    }

    func testAPluralFindsExactlyThePhotosOfEitherForm() async throws {
        let catalog = try defaultCatalog()
        let records = CatalogGenerator().generate()
        for (typed, forms) in [("dogs", ["dog"]), ("horse", ["horse", "horses"]), ("clouds", ["cloud", "clouds"])] {
            let matches = sortedByInterest(records.filter { !words(of: $0).isDisjoint(with: forms) })
            let result = try catalog.search(text: typed)
            XCTAssertEqual(result.total, matches.count, typed)
            XCTAssertEqual(result.photos.map(\.id), matches.prefix(100).map(\.id), typed)
        }
        let both = try catalog.search(text: "dogs beach").total
        XCTAssertEqual(both, records.filter { words(of: $0).isSuperset(of: ["dog", "beach"]) }.count)
        XCTAssertGreaterThan(both, 0)
    }

    func testPlacesAreTagsDrawnApartSoTitlesAndOtherWordsStayAsTheyWere() async throws {
        let records = CatalogGenerator(count: 2_000).generate()
        let places = Set(WordLists.places)
        let placed = records.filter { !Set($0.tags).isDisjoint(with: places) }
        XCTAssertTrue((200...450).contains(placed.count), "\(placed.count) photos with a place")
        for record in records {
            XCTAssertTrue(record.title.lowercased().split(separator: " ").allSatisfy { !places.contains(String($0)) })
            XCTAssertLessThanOrEqual(record.tags.filter(places.contains).count, 1)
        }
        let subjects = Set(WordLists.common + WordLists.ordinary + WordLists.uncommon + WordLists.rare)
        XCTAssertTrue(places.isDisjoint(with: subjects))
    }

    func testNearWordsForATextThatFindsNothing() async throws {
        let catalog = try defaultCatalog()
        XCTAssertEqual(try catalog.nearWords(to: "dgo").first, "dog")
        XCTAssertEqual(try catalog.nearWords(to: "dgos").first, "dogs", "another form of an indexed word")
        XCTAssertEqual(try catalog.nearWords(to: "Sunsett"), ["sunset"])
        XCTAssertEqual(try catalog.nearWords(to: "londn"), ["london"])
        XCTAssertEqual(try catalog.nearWords(to: "dgo beach").first, "dog beach")
        XCTAssertEqual(try catalog.nearWords(to: "zzzzqqqq"), [])
        XCTAssertEqual(try catalog.nearWords(to: "sunset"), [], "a known word has nothing nearer")
        XCTAssertLessThanOrEqual(try catalog.nearWords(to: "bech").count, 3)
        XCTAssertTrue(try catalog.nearWords(to: "bech").contains("beach"))
    }

    func testNearWordsTakeExtremeCountsFromTheFileWithoutTrapping() async throws {
        let directory = TemporaryDirectory("extreme-counts")
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        _ = try Catalog(path: path, count: 300)
        try SQLiteFile.execute(
            path: path,
            sql: """
                UPDATE term_counts SET photos = CASE WHEN term < 'm' THEN -9223372036854775808
                    ELSE 9223372036854775807 END;
                UPDATE form_counts SET photos = -9223372036854775808
                """)
        let catalog = try Catalog(path: path, count: 300)
        let near = try catalog.nearWords(to: "bech")
        XCTAssertGreaterThan(near.count, 1, "\(near)")
        XCTAssertFalse(try catalog.words().isEmpty)
    }

    func testWordsAreListedMostPhotosFirstAndByPrefix() async throws {
        let catalog = try defaultCatalog()
        let all = try catalog.words()
        XCTAssertGreaterThan(all.count, 300)
        XCTAssertEqual(all.map(\.photos), all.map(\.photos).sorted(by: >))
        XCTAssertEqual(all.first(where: { $0.word == "sunset" })?.photos, try catalog.search(text: "sunset").total)
        let sun = try catalog.words(prefix: "Sun")
        XCTAssertEqual(Set(sun.map(\.word)), Set(all.map(\.word).filter { $0.hasPrefix("sun") }))
        XCTAssertTrue(sun.contains { $0.word == "sunrise" })
        XCTAssertEqual(try catalog.words(prefix: "qqqq"), [])
        // A word held in two forms is one entry, counted as a search for either form counts it.
        let cloud = try catalog.words(prefix: "cloud")
        XCTAssertEqual(cloud.filter { $0.word.hasPrefix("cloud") && !$0.word.hasPrefix("cloudy") }.count, 1)
        let clouds = try XCTUnwrap(try catalog.words(prefix: "clouds").first)
        XCTAssertEqual(clouds.photos, try catalog.search(text: "clouds").total)
        XCTAssertEqual(clouds.photos, try catalog.search(text: "cloud").total)
        for entry in all.prefix(60) {
            XCTAssertEqual(entry.photos, try catalog.search(text: entry.word).total, entry.word)
        }
    }
}
