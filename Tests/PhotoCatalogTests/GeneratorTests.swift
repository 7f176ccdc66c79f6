import DataTestSupport
import PhotoModel
import XCTest

@testable import PhotoCatalog

@MainActor
final class GeneratorTests: XCTestCase {
    let records = Fixtures.records

    func testIdsAreUniqueElevenDigitNumbersInPostingOrder() async {
        XCTAssertEqual(Set(records.map(\.id)).count, records.count)
        for record in records {
            XCTAssertEqual(record.id.count, 11, record.id)
            XCTAssertTrue(record.id.allSatisfy(\.isASCII) && Int(record.id) != nil, record.id)
        }
        XCTAssertEqual(records.map { Int($0.id)! }, records.map { Int($0.id)! }.sorted())
        XCTAssertEqual(records.map(\.posted), records.map(\.posted).sorted())
    }

    func testFieldsHaveFlickrShapes() async {
        for record in records {
            let words = record.title.split(separator: " ")
            XCTAssertTrue((2...5).contains(words.count), record.title)
            // 3 to 8 tags from the title and subjects, and perhaps a place.
            XCTAssertTrue((3...9).contains(record.tags.count), "\(record.tags)")
            XCTAssertEqual(Set(record.tags).count, record.tags.count)
            XCTAssertEqual(record.secret.count, 10)
            XCTAssertTrue(record.secret.allSatisfy { "0123456789abcdef".contains($0) }, record.secret)
            XCTAssertEqual(record.server.count, 4)
            XCTAssertNotNil(Int(record.server))
            let owner = record.owner.split(separator: "@")
            XCTAssertEqual(owner.count, 2, record.owner)
            XCTAssertTrue((8...9).contains(owner[0].count) && Int(owner[0]) != nil, record.owner)
            XCTAssertTrue(owner[1].hasPrefix("N0"), record.owner)
            XCTAssertFalse(record.ownerName.isEmpty)
            XCTAssertTrue(record.description.hasSuffix("."))
            XCTAssertTrue(record.taken <= record.posted)
            XCTAssertTrue((CatalogGenerator.firstPosted..<CatalogGenerator.lastPosted).contains(record.posted))
            XCTAssertTrue(record.views >= 0 && record.favorites >= 0 && record.comments >= 0)
        }
    }

    func testCountsAreHeavyTailed() async {
        let big = CatalogGenerator(seed: 1, count: 20_000).generate()
        let favorites = big.map(\.favorites).sorted()
        XCTAssertLessThanOrEqual(favorites[favorites.count / 2], 2, "the median photo has almost no favorites")
        XCTAssertGreaterThan(favorites.last!, 1_000, "a few photos have thousands")
        XCTAssertLessThan(big.filter { $0.favorites >= 1_000 }.count, 20)
        let views = big.map(\.views).sorted()
        XCTAssertLessThan(views[views.count / 2], 200)
        XCTAssertGreaterThan(views.last!, 10_000)
        XCTAssertGreaterThan(
            big.filter { $0.comments < $0.favorites }.count, big.filter { $0.comments > $0.favorites }.count * 10)
        XCTAssertEqual(big.reduce(0) { $0 + $1.comments } < big.reduce(0) { $0 + $1.favorites }, true)
    }

    func testOwnersNumberSomeHundredsAndAFewOwnMost() async {
        let big = CatalogGenerator(seed: 1, count: 20_000).generate()
        var photosPerOwner: [String: Int] = [:]
        for record in big { photosPerOwner[record.owner, default: 0] += 1 }
        XCTAssertTrue((200...800).contains(photosPerOwner.count), "\(photosPerOwner.count) owners")
        let counts = photosPerOwner.values.sorted(by: >)
        XCTAssertGreaterThan(counts[0], counts[counts.count / 2] * 10)
    }

    func testInterestingnessFollowsFavorites() async {
        let popular = records.filter { $0.favorites >= 20 }
        let unloved = records.filter { $0.favorites == 0 && $0.comments == 0 }
        XCTAssertFalse(popular.isEmpty)
        XCTAssertFalse(unloved.isEmpty)
        XCTAssertGreaterThan(popular.map(\.interestingness).min()!, unloved.map(\.interestingness).max()!)
    }

    func testCommonWordsAreCommonAndRareWordsRare() async {
        let big = CatalogGenerator(seed: 1, count: 20_000).generate()
        func matches(_ word: String) -> Int { big.filter { words(of: $0).contains(word) }.count }
        for word in ["sunset", "beach", "cat", "tree"] {
            XCTAssertTrue((300...1_000).contains(matches(word)), "\(word): \(matches(word))")
        }
        XCTAssertLessThan(matches("narwhal"), 30)
        XCTAssertLessThan(matches("kyoto"), 30)
    }

    func testUTCYear() async {
        XCTAssertEqual(UTCDate(unixSeconds: 0).year, 1970)
        XCTAssertEqual(UTCDate(unixSeconds: 1_104_537_599).year, 2004)
        XCTAssertEqual(UTCDate(unixSeconds: 1_104_537_600).year, 2005)
        XCTAssertEqual(UTCDate(unixSeconds: 1_735_689_599).year, 2024)
        XCTAssertEqual(UTCDate(unixSeconds: 951_782_400).year, 2000)  // 2000-02-29
    }
}
