import DataTestSupport
import SeededRandom
import XCTest

@testable import PhotoCatalog

@MainActor
final class DeterminismTests: XCTestCase {
    func testSplitMix64MatchesTheReferenceSequence() async {
        var rng = SplitMix64(seed: 0)
        XCTAssertEqual(rng.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(rng.next(), 0x6E78_9E6A_A1B9_65F4)
        XCTAssertEqual(rng.next(), 0x06C4_5D18_8009_454F)
    }

    func testSplitMix64BoundedDrawsStayInRange() async {
        var rng = SplitMix64(seed: 42)
        var seen = Set<Int>()
        for _ in 0..<1_000 {
            let value = rng.next(below: 7)
            XCTAssertTrue((0..<7).contains(value))
            seen.insert(value)
            let double = rng.nextDouble()
            XCTAssertTrue(double >= 0 && double < 1)
        }
        XCTAssertEqual(seen, Set(0..<7))
    }

    func testFNV1aMatchesTheReferenceValues() async {
        XCTAssertEqual(FNV1a.hash(""), 0xCBF2_9CE4_8422_2325)
        XCTAssertEqual(FNV1a.hash("a"), 0xAF63_DC4C_8601_EC8C)
        XCTAssertEqual(FNV1a.hash("foobar"), 0x8594_4171_F739_67E8)
    }

    func testSameSeedGivesTheSameRecordsAndDifferentSeedsDiffer() async {
        let first = CatalogGenerator(seed: 1, count: 2_000).generate()
        let again = CatalogGenerator(seed: 1, count: 2_000).generate()
        let other = CatalogGenerator(seed: 2, count: 2_000).generate()
        XCTAssertEqual(first, again)
        XCTAssertEqual(first.contentDigest(), again.contentDigest())
        XCTAssertNotEqual(first.contentDigest(), other.contentDigest())
        XCTAssertNotEqual(first.map(\.title), other.map(\.title))
    }

    /// Pins the catalog's content: a change here changes every user's catalog, and must come
    /// with a new `Catalog.schemaVersion` (and a new pinned value). It also fails if the
    /// content came out differently on another platform.
    func testDigestIsPinned() async {
        XCTAssertEqual(CatalogGenerator(seed: 1, count: 2_000).generate().contentDigest(), "1186aef3d251c36b")
    }

    func testStoredRowsAreExactlyTheGeneratedOnes() async throws {
        let catalog = try Fixtures.catalog()
        XCTAssertEqual(try catalog.contentDigest(), Fixtures.records.contentDigest())
        let other = try Catalog(path: Catalog.memoryPath, seed: 2, count: Fixtures.smallCount)
        XCTAssertNotEqual(try other.contentDigest(), try catalog.contentDigest())
    }

    func testDefaultSizeCatalogIsDeterministic() async throws {
        let catalog = try Catalog()
        XCTAssertEqual(catalog.count, 20_000)
        XCTAssertEqual(catalog.seed, 1)
        XCTAssertEqual(try catalog.contentDigest(), "b35a71a1e4bbf7ad")
        let sunset = try catalog.search(text: "sunset")
        XCTAssertTrue((300...1_000).contains(sunset.total), "sunset matched \(sunset.total)")
        XCTAssertEqual(sunset.photos.count, 100)
    }
}
