import Foundation
import Testing
@testable import FlickrAPI

struct HTTPWireTests {
    func reply(_ text: String) -> Result<HTTPReply, FlickrError> { HTTPWire.parse(Array(text.utf8)) }

    @Test func statusTypeAndBodyByContentLength() throws {
        let parsed = try reply("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}junk").get()
        #expect(parsed.status == 200)
        #expect(parsed.contentType == "application/json")
        #expect(parsed.body == Data("{}".utf8))
    }

    @Test func chunkedBodies() throws {
        let parsed = try reply("HTTP/1.1 503 Busy\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n3;x=y\r\n:1}\r\n0\r\n\r\n").get()
        #expect(parsed.status == 503)
        #expect(String(decoding: parsed.body, as: UTF8.self) == "{\"a\":1}")
        #expect(throws: FlickrError.self) { try reply("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n9\r\nabc").get() }
    }

    @Test func aReplyIsCompleteByItsOwnLength() {
        func complete(_ text: String) -> Bool { HTTPWire.isComplete(Array(text.utf8)) }
        #expect(!complete("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n"))
        #expect(!complete("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nabc"))
        #expect(complete("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nabcde"))
        #expect(!complete("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n"))
        #expect(complete("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"))
        #expect(!complete("HTTP/1.1 200 OK\r\n\r\nuntil the end"), "no length: read to the end")
    }

    @Test func notHTTP() {
        #expect(throws: FlickrError.self) { try reply("hello").get() }
        #expect(throws: FlickrError.self) { try reply("SSH-2.0-x\r\n\r\n").get() }
    }

    @Test func theTargetKeepsPercentEncoding() {
        let url = URL(string: "http://127.0.0.1:8080/services/rest/?method=flickr.photos.search&text=caf%C3%A9%20au%20lait")!
        #expect(HTTPWire.target(url) == "/services/rest/?method=flickr.photos.search&text=caf%C3%A9%20au%20lait")
        #expect(HTTPWire.target(URL(string: "http://host")!) == "/")
        #expect(HTTPWire.target(URL(string: "https://host/x")!) == nil)
    }
}
