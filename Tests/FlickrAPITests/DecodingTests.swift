import Foundation
import PhotoModel
import Testing

@testable import FlickrAPI

@Suite struct SearchDecodingTests {
    @Test func numbersAsNumbers() throws {
        let results = try Fixture.decode(SearchPayload.self, Fixture.search).results(for: "bird")
        #expect(results.totalResults == 320_662)
        #expect(results.searchText == "bird")
        #expect(
            results.photos == [
                Photo(
                    id: "32547078274", title: "Bird", owner: "148578535@N03", ownerName: "148578535@N03",
                    secret: "dcc9f61d9f", server: "3855")
            ])
    }

    @Test func numbersAsStrings() throws {
        #expect(Fixture.searchStrings.contains(#""total":"320662""#))
        let payload = try Fixture.decode(SearchPayload.self, Fixture.searchStrings)
        #expect(payload.photos.total.value == 320_662)
        #expect(payload.photos.pages?.value == 3207)
    }

    @Test func ownerNameFromExtras() throws {
        let body = Fixture.search.replacingOccurrences(
            of: #""title":"Bird""#, with: #""title":"Bird","ownername":"Ann Bird""#)
        #expect(try Fixture.decode(SearchPayload.self, body).results(for: "x").photos.first?.ownerName == "Ann Bird")
    }

    @Test func missingOptionalFieldsAndNumericIDs() throws {
        let body = #"{"photos":{"total":"1","photo":[{"id":32547078274,"server":3855}]},"stat":"ok"}"#
        let photo = try #require(try Fixture.decode(SearchPayload.self, body).results(for: "x").photos.first)
        #expect(photo == Photo(id: "32547078274", title: "", owner: "", ownerName: "", secret: "", server: "3855"))
    }

    @Test func emptyResult() throws {
        let body = #"{"photos":{"page":1,"pages":0,"perpage":100,"total":0,"photo":[]},"stat":"ok"}"#
        let results = try Fixture.decode(SearchPayload.self, body).results(for: "x")
        #expect(results.photos.isEmpty && results.totalResults == 0)
    }

    @Test func badOrMissingTotalNamesTheField() {
        let bad = Fixture.search.replacingOccurrences(of: "320662", with: #""lots""#)
        #expect(
            Fixture.failure(SearchPayload.self, Fixture.reply(bad)) == .malformed("photos.total is not a whole number"))
        let missing = Fixture.search.replacingOccurrences(of: #""total":320662,"#, with: "")
        #expect(Fixture.failure(SearchPayload.self, Fixture.reply(missing)) == .malformed("photos.total is missing"))
        let noPhotos = #"{"stat":"ok"}"#
        #expect(Fixture.failure(SearchPayload.self, Fixture.reply(noPhotos)) == .malformed("photos is missing"))
    }
}

@Suite struct MetadataDecodingTests {
    @Test(arguments: [#""417""#, "417"])
    func favoritesTotalAsStringOrNumber(_ total: String) throws {
        #expect(try Fixture.decode(FavoritesPayload.self, Fixture.favorites(total: total)).photo.total.value == 417)
    }

    @Test(arguments: [#""20""#, "20"])
    func commentsAsStringOrNumber(_ comments: String) throws {
        #expect(
            try Fixture.decode(InfoPayload.self, Fixture.info(comments: comments)).photo.comments?._content.value == 20)
    }

    @Test func infoDetails() throws {
        let info = FlickrPhotoInfo(try Fixture.decode(InfoPayload.self, Fixture.info(comments: #""4""#)).photo)
        #expect(
            info
                == FlickrPhotoInfo(
                    id: "32547078274", title: "Bird", description: "On a branch.", owner: "148578535@N03",
                    ownerName: "birder",
                    realName: "Ann Bird", location: "Oslo", posted: 1_557_000_000, taken: 1_556_991_130, views: 1234,
                    comments: 4,
                    tags: ["bird"], pageURL: "https://www.flickr.com/photos/birder/32547078274/"))
    }

    @Test(arguments: ["240", #""240""#])
    func sizesSmallestFirst(_ width: String) throws {
        let sizes = try Fixture.decode(SizesPayload.self, Fixture.sizes(width: width)).photoSizes
        #expect(
            sizes == [
                PhotoSize(
                    label: "Square", longestEdge: 75,
                    url: "https://live.staticflickr.com/3855/32547078274_dcc9f61d9f_s.jpg"),
                PhotoSize(
                    label: "Small", longestEdge: 240,
                    url: "https://live.staticflickr.com/3855/32547078274_dcc9f61d9f_m.jpg"),
            ])
    }

    @Test func detailsForThePager() throws {
        let info = FlickrPhotoInfo(try Fixture.decode(InfoPayload.self, Fixture.info(comments: "4")).photo)
        let size = PhotoSize(label: "Square", longestEdge: 75, url: "s.jpg")
        #expect(
            info.details(sizes: [size])
                == PhotoDetails(
                    id: "32547078274", title: "Bird", owner: "148578535@N03", ownerName: "birder", taken: 1_556_991_130,
                    posted: 1_557_000_000, description: "On a branch.", tags: ["bird"], views: 1234, sizes: [size],
                    pageURL: "https://www.flickr.com/photos/birder/32547078274/"))
        // An unknown taken date shows the upload date, as Flickr does.
        let unknown = Fixture.info(comments: "4").replacingOccurrences(
            of: "2019-05-04 17:32:10", with: "0000-00-00 00:00:00")
        #expect(
            FlickrPhotoInfo(try Fixture.decode(InfoPayload.self, unknown).photo).details(sizes: []).taken
                == 1_557_000_000)
    }

    @Test func sparseInfo() throws {
        let body =
            #"{"photo":{"id":"5","owner":{"nsid":"1@N01","location":null},"dates":{"taken":"0000-00-00 00:00:00"}},"stat":"ok"}"#
        let info = FlickrPhotoInfo(try Fixture.decode(InfoPayload.self, body).photo)
        #expect(info.title == "" && info.description == "" && info.tags.isEmpty && info.pageURL == nil)
        #expect(
            info.ownerName == "1@N01" && info.location == nil && info.taken == nil && info.comments == nil
                && info.views == nil)
    }
}

@Suite struct FailureDecodingTests {
    @Test func statFailWithHTTP200() {
        #expect(
            Fixture.failure(SearchPayload.self, Fixture.reply(Fixture.fail))
                == .api(code: 100, message: "Invalid API Key (Key has invalid format)"))
    }

    @Test func failCodeAsString() {
        let body = #"{"stat":"fail","code":"105","message":"Service currently unavailable"}"#
        #expect(
            Fixture.failure(InfoPayload.self, Fixture.reply(body))
                == .api(code: 105, message: "Service currently unavailable"))
    }

    @Test func jsonpIsUnwrapped() throws {
        let payload = try Fixture.decode(SearchPayload.self, " jsonFlickrApi(\(Fixture.search));\n")
        #expect(payload.photos.total.value == 320_662)
        #expect(
            Fixture.failure(SearchPayload.self, Fixture.reply("jsonFlickrApi(\(Fixture.fail))"))?.isAPI(code: 100)
                == true)
    }

    @Test func byteOrderMarkAndSpace() throws {
        #expect(
            try Fixture.decode(FavoritesPayload.self, "\u{FEFF}\n  " + Fixture.favorites(total: "3") + " \r\n").photo
                .total.value == 3)
    }

    @Test func nonJSONBodies() {
        let html = "<html><body>Service Unavailable</body></html>"
        #expect(
            Fixture.failure(SearchPayload.self, Fixture.reply(html, type: "text/html"))
                == .notJSON(contentType: "text/html", bytes: html.utf8.count))
        #expect(
            Fixture.failure(SearchPayload.self, Fixture.reply("", type: nil)) == .notJSON(contentType: nil, bytes: 0))
        #expect(
            Fixture.failure(SearchPayload.self, Fixture.reply("jsonFlickrApi(<b>)"))
                == .notJSON(contentType: "application/json", bytes: 18))
    }

    @Test func truncatedJSON() {
        let cut = String(Fixture.search.prefix(Fixture.search.count / 2))
        #expect(Fixture.failure(SearchPayload.self, Fixture.reply(cut)) == .malformed("not valid JSON (cut short?)"))
    }

    @Test func missingStat() {
        #expect(
            Fixture.failure(SearchPayload.self, Fixture.reply(#"{"photos":{}}"#)) == .malformed(#"no "stat" field"#))
    }

    @Test func httpErrorsWinOverTheBody() {
        #expect(
            Fixture.failure(SearchPayload.self, Fixture.reply("<h1>oops</h1>", status: 500, type: "text/html"))
                == .http(status: 500))
        // Even a well-formed body: a proxy's 502 is not Flickr's answer.
        #expect(Fixture.failure(SearchPayload.self, Fixture.reply(Fixture.search, status: 502)) == .http(status: 502))
    }
}

extension FlickrError {
    func isAPI(code expected: Int) -> Bool {
        if case .api(let code, _) = self { return code == expected }
        return false
    }
}
