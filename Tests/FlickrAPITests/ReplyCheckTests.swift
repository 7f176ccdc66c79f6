import Foundation
import PhotoModel
import Redaction
import TestSupport
import Testing

@testable import FlickrAPI

/// Numbers out of range, lists longer than asked, hostile text, and the key in every disguise.
@Suite struct ReplyCheckTests {
    func info(posted: String = #""1557000000""#, views: String = #""1234""#, taken: String = "2019-05-04 17:32:10")
        -> String
    {
        Fixture.info(comments: "4")
            .replacingOccurrences(of: #""posted":"1557000000""#, with: #""posted":\#(posted)"#)
            .replacingOccurrences(of: #""views":"1234""#, with: #""views":\#(views)"#)
            .replacingOccurrences(of: "2019-05-04 17:32:10", with: taken)
    }

    func check(_ body: String) throws -> FlickrError? {
        let payload = try Fixture.decode(InfoPayload.self, body)
        do throws(FlickrError) {
            try payload.photo.check()
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [#""-9223372036854775808""#, "-1", #""253402300800""#])
    func postedOutOfRangeIsUnreadable(_ posted: String) throws {
        #expect(try check(info(posted: posted)) == .malformed("photo.dates.posted is out of range"))
    }

    @Test func postedBeyondIntIsNotANumber() {
        let body = info(posted: #""99999999999999999999999""#)
        #expect(
            Fixture.failure(InfoPayload.self, Fixture.reply(body))
                == .malformed("photo.dates.posted is not a whole number"))
    }

    @Test func negativeCountsAreUnreadable() throws {
        #expect(try check(info(views: "-5")) == .malformed("photo.views is out of range"))
        #expect(try check(info()) == nil)
    }

    @Test(arguments: [
        "99999999999-01-01 00:00:00", "2019-13-01 00:00:00", "2019-05-04 25:00:00", "0000-00-00 00:00:00", "x",
    ])
    func takenDatesOutOfRangeAreUnknown(_ taken: String) throws {
        #expect(UTCDate.unixSeconds(parsing: taken) == nil)
        let parsed = FlickrPhotoInfo(try Fixture.decode(InfoPayload.self, info(taken: taken)).photo)
        #expect(parsed.taken == nil && parsed.posted == 1_557_000_000)
    }

    /// What the stub writes (`dateTimeText`) the client reads back, from 1900 to the year 9999.
    @Test func takenDatesRoundTrip() {
        let seconds = Array(stride(from: -2_208_988_800, through: 253_402_300_799, by: 3_196_811))
        let wrong = seconds.filter { UTCDate.unixSeconds(parsing: UTCDate(unixSeconds: $0).dateTimeText) != $0 }
        #expect(seconds.count > 70_000)
        #expect(wrong.isEmpty)
    }

    @Test func takenDatesAgreeWithTheCalendar() {
        #expect(UTCDate.unixSeconds(parsing: "1970-01-01 00:00:00") == 0)
        #expect(UTCDate.unixSeconds(parsing: "2019-05-04 17:32:10") == 1_556_991_130)
        #expect(UTCDate.unixSeconds(parsing: "2000-02-29 12:00:00") == 951_825_600)
        #expect(UTCDate.unixSeconds(parsing: "1900-01-01 00:00:00") == -2_208_988_800)
    }

    @Test func moreEntriesThanAskedAreCutToPerPage() throws {
        let entry = #"{"id":"1","owner":"o","secret":"s","server":"1","title":"t"}"#
        let entries = Array(repeating: entry, count: 4000).joined(separator: ",")
        let body = #"{"photos":{"total":4000,"photo":[\#(entries)]},"stat":"ok"}"#
        let results = try Fixture.decode(SearchPayload.self, body).checkedResults(for: "x", perPage: 100)
        #expect(results.photos.count == 100)
        #expect(results.totalResults == 4000)
    }

    @Test func aNegativeTotalIsUnreadable() throws {
        let body = #"{"photos":{"total":-3,"photo":[]},"stat":"ok"}"#
        #expect(throws: FlickrError.malformed("photos.total is out of range")) {
            try Fixture.decode(SearchPayload.self, body).checkedResults(for: "x", perPage: 100)
        }
    }

    @Test(arguments: [
        "\u{1B}[31mred", "C1 \u{9B}31m", "RLO \u{202E}x", "ALM \u{061C}y", "bell\u{07}\nline", "LRI\u{2066}z",
    ])
    func controlAndBidiCharactersNeverPassThrough(_ text: String) {
        let cleaned = DataText.clean(text)
        #expect(!cleaned.unicodeScalars.contains { DataText.isUnsafe($0) })
        #expect(
            cleaned.unicodeScalars.allSatisfy {
                $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value)
            })
    }

    @Test(arguments: ["\u{200B}", "\u{00AD}", "\u{2060}", "\u{FE0F}", "\u{200D}\u{200B}"])
    func aKeySplitByInvisibleCharactersIsRedacted(_ invisible: String) {
        let key = "Qv" + String(UInt64.random(in: 1...UInt64.max), radix: 16)
        Secrets.install(key)
        defer { Secrets.uninstall(key) }
        let split = String(key.prefix(5)) + invisible + String(key.dropFirst(5))
        let cleaned = DataText.clean("Sunset by \(split) 🌅")
        #expect(cleaned == "Sunset by [redacted] 🌅")
        #expect(
            FlickrError.clean("bad key \(split)", .search("x", endpoint: Fixture.endpoint, apiKey: "request0key"))
                == "bad key [redacted]")
        // Text with no key keeps its invisible characters (an emoji's joiner, say).
        #expect(DataText.clean("a\u{200D}b") == "a\u{200D}b")
    }

    @Test func longTextIsCutWithAnEllipsis() {
        let cleaned = DataText.clean(String(repeating: "long ", count: 2000))
        #expect(cleaned.count == DataText.fieldLimit && cleaned.hasSuffix("…"))
        #expect(DataText.clean("Sunset valley") == "Sunset valley")
        #expect(DataText.clean("Café 🌅") == "Café 🌅")
    }

    @Test func theKeyIsRedactedInAnyCaseAndAnyEscaping() {
        let request = FlickrRequest.search("x", endpoint: Fixture.endpoint, apiKey: "abcdef0123")
        let forms = ["abcdef0123", "ABCDEF0123", "AbCdEf0123", "%61%62%63%64%65%66%30%31%32%33", "%41bc%44ef01%323"]
        for form in forms { #expect(request.redact("a \(form) b") == "a [redacted] b", "\(form)") }
        #expect(request.redact("abcdef012") == "abcdef012", "a part of the key is not the key")
    }
}
