import Foundation
import Testing

@testable import FlickrAPI

@Suite struct RequestTests {
    /// The query as sent, decoded, in order.
    func items(_ request: FlickrRequest) -> [String] {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        return (components?.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
    }

    @Test func searchParameters() {
        let request = FlickrRequest.search("sunset", endpoint: Fixture.endpoint, apiKey: Fixture.key)
        #expect(request.url.absoluteString.hasPrefix("http://127.0.0.1:8080/services/rest/?"))
        #expect(
            items(request) == [
                "method=flickr.photos.search", "api_key=\(Fixture.key)", "text=sunset", "sort=interestingness-desc",
                "per_page=100", "page=1", "extras=owner_name", "format=json", "nojsoncallback=1",
            ])
    }

    @Test func metadataParameters() {
        #expect(
            items(.favorites(photoID: "42", endpoint: Fixture.endpoint, apiKey: Fixture.key)) == [
                "method=flickr.photos.getFavorites", "api_key=\(Fixture.key)", "photo_id=42", "per_page=1",
                "format=json", "nojsoncallback=1",
            ])
        #expect(
            items(.info(photoID: "42", endpoint: Fixture.endpoint, apiKey: Fixture.key)) == [
                "method=flickr.photos.getInfo", "api_key=\(Fixture.key)", "photo_id=42", "format=json",
                "nojsoncallback=1",
            ])
    }

    @Test func textIsEscapedSoPlusStaysPlus() {
        let request = FlickrRequest.search("a+b & c/d é=", endpoint: Fixture.endpoint, apiKey: Fixture.key)
        #expect(request.url.absoluteString.contains("text=a%2Bb%20%26%20c%2Fd%20%C3%A9%3D&"))
        #expect(items(request)[2] == "text=a+b & c/d é=")
    }

    @Test func endpointWithAQuery() {
        let endpoint = URL(string: "http://localhost/rest?region=eu")!
        let request = FlickrRequest.info(photoID: "1", endpoint: endpoint, apiKey: Fixture.key)
        #expect(request.url.absoluteString.hasPrefix("http://localhost/rest?region=eu&method=flickr.photos.getInfo&"))
    }

    @Test func keyIsInTheURLButNotInAnyDescription() {
        let request = FlickrRequest.search("sunset", endpoint: Fixture.endpoint, apiKey: Fixture.key)
        #expect(request.url.absoluteString.contains("api_key=\(Fixture.key)&"))
        var dumped = ""
        dump(request, to: &dumped)
        for text in [request.description, "\(request)", String(reflecting: request), dumped] {
            #expect(!text.contains(Fixture.key), "\(text)")
        }
        #expect(request.description.contains("api_key=[redacted]&"))
        #expect(request.description.contains("text=sunset"))
    }

    @Test func redactCatchesPlainAndEscapedKeys() {
        let odd = "key with/slash"
        let request = FlickrRequest.search("x", endpoint: Fixture.endpoint, apiKey: odd)
        #expect(request.redact("a \(odd) b key%20with%2Fslash c") == "a [redacted] b [redacted] c")
        #expect(!request.description.contains("key%20with%2Fslash"))
    }

    @Test func hostDescription() {
        #expect(
            FlickrRequest.info(photoID: "1", endpoint: Fixture.endpoint, apiKey: "k").hostDescription
                == "127.0.0.1:8080")
        #expect(
            FlickrRequest.info(photoID: "1", endpoint: FlickrRequest.defaultEndpoint, apiKey: "k").hostDescription
                == "api.flickr.com")
    }
}
