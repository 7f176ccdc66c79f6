import EventLoop
import Foundation
import PhotoModel
import Reactive
import Testing

@testable import FlickrAPI

/// The real transport against the tests' own server, over http and over https.
@MainActor @Suite struct TransportTests {
    enum Scheme: String, CaseIterable, CustomStringConvertible {
        case http, https
        var description: String { rawValue }
        var tls: Bool { self == .https }
    }

    func transport(_ scheme: Scheme, timeout: Duration = .seconds(10), perHost: Int = 6) throws -> HTTPClientTransport {
        HTTPClientTransport(
            timeout: timeout, perHost: perHost, tls: scheme.tls ? try TestCertificate.shared.clientConfiguration() : nil
        )
    }

    func service(_ server: TestServer, _ scheduler: LiveScheduler, _ transport: HTTPClientTransport)
        -> FlickrSearchService
    {
        FlickrSearchService(apiKey: Fixture.key, endpoint: server.endpoint, scheduler: scheduler, transport: transport)
    }

    func run<Value>(_ signal: Signal<Value>, _ scheduler: LiveScheduler) -> Recorder<Value> {
        let recorder = Recorder<Value>()
        _ = recorder.subscribe(signal)
        runLoop(scheduler, limit: .seconds(10)) { recorder.isDone }
        return recorder
    }

    /// What one search against a server that answers `reply` ends with.
    func searchError(_ scheme: Scheme, reply: String?, timeout: Duration = .seconds(10)) throws -> (ModelError?, Int) {
        let server = try TestServer(tls: scheme.tls) { _ in reply }
        let scheduler = LiveScheduler()
        let error = run(service(server, scheduler, try transport(scheme, timeout: timeout)).search("bird"), scheduler)
            .error
        return (error as? ModelError, server.port)
    }

    @Test(arguments: Scheme.allCases) func searchOverHTTPAndHTTPS(scheme: Scheme) throws {
        let server = try TestServer(tls: scheme.tls) { _ in TestServer.http(200, "OK", Fixture.search) }
        let scheduler = LiveScheduler()
        let service = self.service(server, scheduler, try transport(scheme))
        #expect(run(service.search("bird"), scheduler).values.first?.photos.first?.title == "Bird")
        #expect(server.snapshot.requests.first?.hasPrefix("GET /services/rest/?method=flickr.photos.search&") == true)
    }

    @Test(arguments: Scheme.allCases) func chunkedRepliesAndEscapedTargets(scheme: Scheme) throws {
        // The body in three chunks (one with an extension), the connection left open after the last.
        let body = Fixture.favorites(total: "\"417\"")
        let thirds = [body.prefix(20), body.dropFirst(20).prefix(30), body.dropFirst(50)].map(String.init)
        let chunks = thirds.enumerated().map { index, part in
            String(part.utf8.count, radix: 16) + (index == 1 ? ";x=y" : "") + "\r\n" + part + "\r\n"
        }
        let reply =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            + chunks.joined() + "0\r\n\r\n"
        let server = try TestServer(tls: scheme.tls) { _ in reply }
        let scheduler = LiveScheduler()
        let service = self.service(server, scheduler, try transport(scheme))
        #expect(run(service.favorites(photoID: "café au lait"), scheduler).values == [417])
        #expect(server.snapshot.requests.first?.contains("&photo_id=caf%C3%A9%20au%20lait&") == true)
    }

    @Test(arguments: Scheme.allCases) func connectionsAreKeptAliveAndReused(scheme: Scheme) throws {
        let server = try TestServer(tls: scheme.tls) { _ in TestServer.http(200, "OK", Fixture.favorites(total: "3")) }
        let scheduler = LiveScheduler()
        let service = self.service(server, scheduler, try transport(scheme))
        for id in 1...3 { #expect(run(service.favorites(photoID: "\(id)"), scheduler).values == [3]) }
        #expect(server.snapshot.requests.count == 3)
        #expect(server.snapshot.connections == 1)
    }

    @Test func theSystemDoesNotTrustASelfSignedCertificate() throws {
        let server = try TestServer(tls: true) { _ in TestServer.http(200, "OK", Fixture.search) }
        let scheduler = LiveScheduler()
        let service = FlickrSearchService(
            apiKey: Fixture.key, endpoint: server.endpoint, scheduler: scheduler, transport: HTTPClientTransport())
        let error = run(service.search("bird"), scheduler).error as? ModelError
        #expect(error == .unreachable("cannot reach 127.0.0.1:\(server.port): the secure connection failed"))
    }

    @Test func sslCertFileNamesTheAuthoritiesToTrust() throws {
        let server = try TestServer(tls: true) { _ in TestServer.http(200, "OK", Fixture.search) }
        let scheduler = LiveScheduler()
        let trusting = HTTPClientTransport(environment: ["SSL_CERT_FILE": TestCertificate.shared.certificatePath])
        let found = run(self.service(server, scheduler, trusting).search("bird"), scheduler)
        #expect(found.values.first?.photos.first?.title == "Bird")
        // A file that is not there trusts nothing: the handshake fails, as with the system's roots.
        let missing = HTTPClientTransport(environment: ["SSL_CERT_FILE": TestCertificate.shared.folder.path + "/none"])
        let error = run(self.service(server, scheduler, missing).search("bird"), scheduler).error as? ModelError
        #expect(error == .unreachable("cannot reach 127.0.0.1:\(server.port): the secure connection failed"))
    }

    @Test(arguments: Scheme.allCases) func httpStatusIsReported(scheme: Scheme) throws {
        let (error, port) = try searchError(
            scheme, reply: TestServer.http(503, "Service Unavailable", type: "text/html", "<h1>busy</h1>"))
        #expect(error == .unreachable("127.0.0.1:\(port) answered HTTP 503 Service Unavailable"))
    }

    @Test(arguments: Scheme.allCases) func aStalledServerTimesOut(scheme: Scheme) throws {
        let start = ContinuousClock.now
        let (error, port) = try searchError(scheme, reply: nil, timeout: .milliseconds(300))
        #expect(error == .unreachable("no answer from 127.0.0.1:\(port) within 0.3 s"))
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test(arguments: Scheme.allCases) func connectionRefused(scheme: Scheme) throws {
        let port = unusedPort()
        let scheduler = LiveScheduler()
        let endpoint = URL(string: "\(scheme)://127.0.0.1:\(port)/services/rest/")!
        let service = FlickrSearchService(
            apiKey: Fixture.key, endpoint: endpoint, scheduler: scheduler, transport: try transport(scheme))
        let error = run(service.search("bird"), scheduler).error as? ModelError
        #expect(error == .unreachable("cannot connect to 127.0.0.1:\(port) (connection refused)"))
    }

    @Test(arguments: Scheme.allCases) func disposingClosesTheConnection(scheme: Scheme) throws {
        let server = try TestServer(tls: scheme.tls) { _ in nil }
        let scheduler = LiveScheduler()
        let service = self.service(server, scheduler, try transport(scheme))
        let recorder = Recorder<SearchResults>()
        let subscription = recorder.subscribe(service.search("bird"))
        #expect(server.wait { $0.requests.count == 1 })
        subscription.dispose()
        #expect(server.wait { $0.hangUps == 1 })
        #expect(!recorder.isDone)
        #expect(scheduler.pendingCount == 0)
    }
}
