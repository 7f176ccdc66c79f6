import XCTest

@testable import PhotoCatalog

/// Scale catalogs (`--catalog-size`): reproducible, Zipf-like word frequencies, each photo made
/// from its own stream, stored most interesting first, searched in that order.
@MainActor
final class ZipfCatalogTests: XCTestCase {
    private let count = 3_000

    func testSameSeedSameRecordsAndTheDigestIsPinned() async {
        let first = CatalogGenerator(seed: 1, count: count, vocabulary: .zipf).generate()
        XCTAssertEqual(first, CatalogGenerator(seed: 1, count: count, vocabulary: .zipf).generate())
        let otherSeed = CatalogGenerator(seed: 2, count: count, vocabulary: .zipf).generate()
        XCTAssertNotEqual(first.contentDigest(), otherSeed.contentDigest())
        XCTAssertNotEqual(first.contentDigest(), CatalogGenerator(seed: 1, count: count).generate().contentDigest())
        XCTAssertEqual(first.map(\.id), first.map(\.id).sorted(), "ids grow with the index")
        XCTAssertEqual(first.contentDigest(), "7026aa63adc74c06")
    }

    func testTheKeyPassAgreesWithTheRecordsAndTheStoredOrderIsByInterest() async {
        let generator = CatalogGenerator(seed: 1, count: count, vocabulary: .zipf)
        let records = generator.generate()
        let zipf = ZipfRecords(generator)
        for index in stride(from: 0, to: count, by: 97) {
            let key = zipf.key(index)
            XCTAssertEqual(key.interestingness, records[index].interestingness)
            XCTAssertEqual(String(key.id), records[index].id)
        }
        var stored: [(Int, CatalogRecord)] = []
        generator.forEachRecordByInterest { stored.append(($0, $1)) }
        let expected = sortedByInterest(records)
        XCTAssertEqual(stored.map(\.0), Array(1...count))
        XCTAssertEqual(stored.map(\.1), expected)
    }

    func testCommonWordsFindManyPhotosAndFrequenciesFallWithRank() async throws {
        let catalog = try Catalog(path: Catalog.memoryPath, count: 20_000, vocabulary: .zipf)
        let dogs = try catalog.search(text: "dogs").total
        let paris = try catalog.search(text: "Paris").total
        XCTAssertTrue((200...3_000).contains(dogs), "dogs: \(dogs)")
        XCTAssertTrue((200...3_000).contains(paris), "paris: \(paris)")
        let ranked = ZipfWords.ranked
        let totals = try [0, 40, 150, ranked.count - 1].map { try catalog.search(text: ranked[$0]).total }
        XCTAssertEqual(totals, totals.sorted(by: >), "\(totals)")
        XCTAssertGreaterThan(totals[3], 0)
    }

    func testSearchGivesTheFirstMatchesByInterestAndTheirTotal() async throws {
        let catalog = try Catalog(path: Catalog.memoryPath, count: count, vocabulary: .zipf)
        let records = sortedByInterest(CatalogGenerator(seed: 1, count: count, vocabulary: .zipf).generate())
        let indexed = records.reduce(into: Set<String>()) { $0.formUnion(words(of: $1)) }
        for text in ["dogs", "dogs paris", "sunset"] {
            let found = records.filter { matches($0, text, indexed: indexed) }
            let result = try catalog.search(text: text, limit: 100)
            XCTAssertEqual(result.total, found.count, text)
            XCTAssertEqual(result.photos.map(\.id), found.prefix(100).map(\.id), text)
        }
    }
}
