import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PhotoModel
import Testing

@testable import FlickrAPI

@Suite struct ErrorTests {
    let search = FlickrRequest.search("sunset", endpoint: Fixture.endpoint, apiKey: Fixture.key)
    let info = FlickrRequest.info(photoID: "42", endpoint: Fixture.endpoint, apiKey: Fixture.key)

    @Test func flickrErrorsKeepTheirCode() {
        let error = FlickrError.api(code: 105, message: "Service currently unavailable").modelError(for: search)
        #expect(error == .service(code: 105, message: "Service currently unavailable"))
        #expect(error.description == "Service currently unavailable (code 105)")
    }

    @Test func codeOneOfAPhotoMethodIsPhotoNotFound() {
        #expect(FlickrError.api(code: 1, message: "Photo not found").modelError(for: info) == .photoNotFound("42"))
        #expect(FlickrError.api(code: 1, message: "x").modelError(for: search) == .service(code: 1, message: "x"))
    }

    @Test(arguments: [
        (FlickrError.http(status: 500), "127.0.0.1:8080 answered HTTP 500 Internal Server Error"),
        (.http(status: 429), "127.0.0.1:8080 answered HTTP 429 Too Many Requests (over the key's hourly call budget)"),
        (.http(status: 418), "127.0.0.1:8080 answered HTTP 418"),
        (.timedOut(seconds: 10), "no answer from 127.0.0.1:8080 within 10 s"),
        (.timedOut(seconds: 0.25), "no answer from 127.0.0.1:8080 within 0.25 s"),
        (.cannotConnect, "cannot connect to 127.0.0.1:8080 (connection refused)"),
        (.cannotFindHost, "cannot find 127.0.0.1:8080 (offline, or the name does not resolve)"),
        (
            .notJSON(contentType: "text/html", bytes: 57),
            "127.0.0.1:8080 sent a reply that is not JSON (text/html, 57 bytes)"
        ),
        (.malformed("photos.total is missing"), "127.0.0.1:8080 sent an unreadable reply: photos.total is missing"),
    ])
    func transportFailuresAreUnreachableWithAReason(_ error: FlickrError, _ reason: String) {
        #expect(error.modelError(for: search) == .unreachable(reason))
    }

    @Test func serverTextIsRedactedAndOneLine() {
        let message = "Invalid API Key \(Fixture.key)\nsecond line\u{1B}[31m"
        let error = FlickrError.api(code: 100, message: message).modelError(for: search)
        #expect(!error.description.contains(Fixture.key))
        #expect(!error.description.contains("\n") && !error.description.contains("\u{1B}"))
        #expect(error.description.hasPrefix("Invalid API Key [redacted] second line"))
        let long = FlickrError.api(code: 1, message: String(repeating: "x", count: 500)).modelError(for: search)
        #expect(long.description.count < 200)
    }

    @Test func transportErrorsLoseTheirText() {
        // What AsyncHTTPClient and SwiftNIO report, mapped to words of our own; none of it holds the URL.
        let cases: [(any Error, FlickrError)] = [
            (HTTPClientError.readTimeout, .timedOut(seconds: 3)),
            (HTTPClientError.deadlineExceeded, .timedOut(seconds: 3)),
            (HTTPClientError.connectTimeout, .timedOut(seconds: 3)),
            (HTTPClientError.remoteConnectionClosed, .connectionLost),
            (HTTPClientError.cancelled, .transport("cancelled")),
            (HTTPParserError.invalidContentLength, .malformed("not a valid HTTP reply")),
            (IOError(errnoCode: ECONNREFUSED, reason: search.url.absoluteString), .cannotConnect),
            (IOError(errnoCode: EHOSTUNREACH, reason: search.url.absoluteString), .transport("the connection failed")),
            (ReplyCollector.TooLarge(), .malformed("the reply is larger than 32 MiB")),
            (HTTPParserError.invalidEOFState, .malformed("the reply was cut short")),
        ]
        for (error, expected) in cases {
            let mapped = HTTPFailure.flickrError(error, timeout: 3)
            #expect(mapped == expected, "\(error)")
            #expect(!mapped.modelError(for: search).description.contains(Fixture.key))
        }
        #expect(
            HTTPFailure.flickrError(HTTPClientError.remoteConnectionClosed, timeout: 3, headReceived: true)
                == .malformed("the reply was cut short"))
    }

    @Test func aRedirectIsNotFollowedAndSaysSo() {
        #expect(
            FlickrError.http(status: 301).modelError(for: search)
                == .unreachable("127.0.0.1:8080 answered HTTP 301 (redirect not followed)"))
    }
}
