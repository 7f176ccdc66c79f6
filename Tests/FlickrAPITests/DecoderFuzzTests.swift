import Foundation
import PhotoModel
import TestSupport
import Testing

@testable import FlickrAPI

/// A seeded generator of broken replies (cut short, numbers negative or huge, wrong types, bytes
/// that are not UTF-8, deep nesting, hostile text) run through every decoder and check: each one
/// decodes to values in range or fails with a `FlickrError`; none traps.
@Suite struct DecoderFuzzTests {
    static let numbers = [
        "-9223372036854775808", "9223372036854775807", "99999999999999999999999", "-1", "1e308", "0.5", "\"-5\"",
        "\"7fffffffffffffff\"", "null", "true", "[]", "{}", "\"\"", "\"12\"", "3",
    ]
    static let texts = [
        "\"\\u001b[31m\"", "\"\\u009b2J\"", "\"\\u202e\"", "\"\\u061c\"", "\"\(String(repeating: "x", count: 5000))\"",
        "7",
    ]

    /// One of the fixtures with its numbers and texts swapped, then maybe cut, nested or spoilt.
    func reply(_ random: inout SeededRandom) -> Data {
        let bases = [
            Fixture.search, Fixture.searchStrings, Fixture.favorites(total: "\"417\""), Fixture.info(comments: "\"4\""),
            Fixture.sizes(width: "240"),
        ]
        var text = bases[random.next(below: bases.count)]
        for _ in 0..<random.next(below: 4) {
            let pattern = random.next(below: 2) == 0 ? #"\"?[0-9]{2,}\"?"# : #""[A-Za-z][A-Za-z ]+""#
            guard let range = text.range(of: pattern, options: .regularExpression) else { continue }
            let pool = random.next(below: 2) == 0 ? Self.numbers : Self.texts
            text.replaceSubrange(range, with: pool[random.next(below: pool.count)])
        }
        if random.next(below: 8) == 0 { text = String(repeating: "[", count: 600) + text }
        var bytes = Array(text.utf8)
        switch random.next(below: 6) {
        case 0: bytes = Array(bytes.prefix(random.next(below: bytes.count + 1)))
        case 1: bytes.insert(0xFF, at: random.next(below: bytes.count + 1))
        case 2: bytes.remove(at: random.next(below: bytes.count))
        default: break
        }
        return Data(bytes)
    }

    @Test func aHundredThousandBrokenRepliesNeverTrap() {
        var random = SeededRandom(seed: 20_261_123)
        var decoded = 0
        for _ in 0..<100_000 {
            let reply = HTTPReply(status: 200, body: reply(&random))
            if let search = try? FlickrDecoding.decode(SearchPayload.self, from: reply),
                let results = try? search.checkedResults(for: "x", perPage: 100)
            {
                decoded += 1
                #expect(Bounds.count.contains(results.totalResults) && results.photos.count <= 100)
                #expect(results.photos.allSatisfy { !$0.title.unicodeScalars.contains(where: DataText.isUnsafe) })
                #expect(results.photos.allSatisfy { $0.title.count <= DataText.fieldLimit })
            }
            if let info = try? FlickrDecoding.decode(InfoPayload.self, from: reply), (try? info.photo.check()) != nil {
                let details = FlickrPhotoInfo(info.photo).details(sizes: [])
                #expect(Bounds.unixSeconds.contains(details.posted))
                _ = UTCDate(unixSeconds: details.taken).text
            }
            if let sizes = try? FlickrDecoding.decode(SizesPayload.self, from: reply),
                let checked = try? sizes.checkedSizes()
            {
                #expect(checked.allSatisfy { Bounds.pixels.contains($0.longestEdge) })
            }
            if let favorites = try? FlickrDecoding.decode(FavoritesPayload.self, from: reply) {
                _ = try? favorites.photo.total.within(Bounds.count, "photo.total")
            }
        }
        #expect(decoded > 100, "the generator still makes some valid replies")
    }
}
