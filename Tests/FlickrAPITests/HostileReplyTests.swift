import EventLoop
import Foundation
import PhotoModel
import Reactive
import Testing

@testable import FlickrAPI

/// Broken and hostile servers: every bad reply is an error in words, never a crash or a leak.
@MainActor @Suite struct HostileReplyTests {
    let helper = TransportTests()

    nonisolated static let rawReplies: [(String, String)] = [
        ("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n{}", "sent an unreadable reply: not a valid HTTP reply"),
        (
            "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n{}",
            "sent an unreadable reply: not a valid HTTP reply"
        ),
        (
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nhello\r\n0\r\n\r\n",
            "sent an unreadable reply: not a valid HTTP reply"
        ),
        (
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n7fffffffffffffff\r\n{}",
            "sent an unreadable reply: the reply was cut short"
        ),
        (
            "HTTP/1.1 200 OK\r\nContent-Length: 40000000\r\n\r\n{}",
            "sent an unreadable reply: the reply is larger than 32 MiB"
        ),
        ("SSH-2.0-OpenSSH_9.2\r\n\r\n", "sent an unreadable reply: not a valid HTTP reply"),
        (
            "HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{}",
            "sent an unreadable reply: the reply was cut short"
        ),
    ]

    @Test(arguments: TransportTests.Scheme.allCases, rawReplies.indices)
    func brokenRepliesAreUnreadable(scheme: TransportTests.Scheme, index: Int) throws {
        let (reply, reason) = Self.rawReplies[index]
        let (error, port) = try helper.searchError(scheme, reply: reply)
        #expect(error == .unreachable("127.0.0.1:\(port) \(reason)"))
    }

    @Test(arguments: TransportTests.Scheme.allCases, [301, 302, 307, 308])
    func redirectsAreNotFollowed(scheme: TransportTests.Scheme, status: Int) throws {
        let elsewhere = try TestServer(tls: false) { _ in TestServer.http(200, "OK", Fixture.search) }
        let location = "http://127.0.0.1:\(elsewhere.port)/services/rest/"
        let (error, port) = try helper.searchError(
            scheme, reply: TestServer.http(status, "Moved", "", extra: "Location: \(location)\r\n"))
        #expect(error == .unreachable("127.0.0.1:\(port) answered HTTP \(status) (redirect not followed)"))
        #expect(elsewhere.snapshot.requests.isEmpty)
    }

    @Test func theKeyEchoedInAnyCaseOrEscapedIsRedacted() throws {
        let upper = Fixture.key.uppercased()
        let escaped = upper.utf8.map { "%" + String($0, radix: 16) }.joined()
        let body = #"{"stat":"fail","code":100,"message":"Invalid API Key (\#(upper)) api_key=\#(escaped)"}"#
        let server = try TestServer(tls: false) { _ in TestServer.http(200, "OK", body) }
        let scheduler = LiveScheduler()
        let service = helper.service(server, scheduler, try helper.transport(.http))
        let error = try #require(helper.run(service.search("bird"), scheduler).error as? ModelError)
        #expect(error == .service(code: 100, message: "Invalid API Key ([redacted]) api_key=[redacted]"))
    }

    @Test func atMostAFewRequestsPerHostTheRestQueued() throws {
        let server = try TestServer(tls: false) { _ in nil }
        let scheduler = LiveScheduler()
        let service = helper.service(server, scheduler, try helper.transport(.http, perHost: 3))
        let subscriptions = (1...8).map { Recorder<Int>().subscribe(service.favorites(photoID: "\($0)")) }
        #expect(server.wait { $0.requests.count == 3 })
        usleep(300_000)
        #expect(server.snapshot.requests.count == 3, "the other five wait their turn")
        #expect(server.snapshot.peakOpen == 3)
        #expect(scheduler.pendingCount == 8)
        // The waiting five first: a running one's end, on another thread, would otherwise hand
        // its slot to a waiting one not yet disposed, a race this test is not about.
        for subscription in subscriptions.reversed() { subscription.dispose() }
        #expect(server.wait { $0.hangUps == 3 })
        usleep(300_000)
        #expect(server.snapshot.requests.count == 3, "cancelled requests left the queue unsent")
        #expect(scheduler.pendingCount == 0)
    }

    @Test func queuedRequestsGoOutAsSlotsFree() throws {
        let server = try TestServer(tls: false) { _ in TestServer.http(200, "OK", Fixture.favorites(total: "7")) }
        let scheduler = LiveScheduler()
        let service = helper.service(server, scheduler, try helper.transport(.http, perHost: 2))
        let recorders = (1...10).map { _ in Recorder<Int>() }
        for (index, recorder) in recorders.enumerated() {
            _ = recorder.subscribe(service.favorites(photoID: "\(index)"))
        }
        runLoop(scheduler, limit: .seconds(10)) { recorders.allSatisfy(\.isDone) }
        #expect(recorders.map(\.values) == Array(repeating: [7], count: 10))
        #expect(server.snapshot.peakOpen <= 2)
        #expect(server.snapshot.requests.count == 10)
    }
}
