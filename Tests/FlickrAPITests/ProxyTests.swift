import EventLoop
import Foundation
import PhotoModel
import Reactive
import Testing

@testable import FlickrAPI

@MainActor @Suite struct ProxyTests {
    let https = URL(string: "https://api.flickr.com/services/rest/")!
    let http = URL(string: "http://127.0.0.1:8080/services/rest/")!

    @Test func theEnvironmentNamesTheProxyPerScheme() {
        let environment = ["https_proxy": "http://proxy.example:3128", "http_proxy": "cache.example:8080"]
        #expect(ProxySetting.proxy(for: https, environment: environment) == .server(host: "proxy.example", port: 3128))
        #expect(ProxySetting.proxy(for: http, environment: environment) == .server(host: "cache.example", port: 8080))
        #expect(
            ProxySetting.proxy(for: https, environment: ["HTTPS_PROXY": "http://p:1"]) == .server(host: "p", port: 1))
        #expect(ProxySetting.proxy(for: https, environment: [:]) == nil)
        #expect(ProxySetting.proxy(for: https, environment: ["https_proxy": "socks5://p:1"]) == nil, "not understood")
    }

    @Test func noProxyCoversNamesAndDomains() {
        #expect(ProxySetting.bypassed("api.flickr.com", "localhost, .flickr.com"))
        #expect(ProxySetting.bypassed("flickr.com", "flickr.com"))
        #expect(ProxySetting.bypassed("127.0.0.1", "*"))
        #expect(!ProxySetting.bypassed("notflickr.com", "flickr.com"))
        #expect(ProxySetting.proxy(for: http, environment: ["http_proxy": "p:1", "no_proxy": "127.0.0.1"]) == nil)
    }

    @Test func requestsGoThroughTheProxy() throws {
        let proxy = try TestServer(tls: false) { _ in TestServer.http(200, "OK", Fixture.search) }
        let scheduler = LiveScheduler()
        let transport = HTTPClientTransport(
            proxyFor: http, environment: ["http_proxy": "http://127.0.0.1:\(proxy.port)"])
        let service = FlickrSearchService(
            apiKey: Fixture.key, endpoint: http, scheduler: scheduler, transport: transport)
        let recorder = Recorder<SearchResults>()
        _ = recorder.subscribe(service.search("bird"))
        runLoop(scheduler, limit: .seconds(10)) { recorder.isDone }
        #expect(recorder.values.first?.photos.first?.title == "Bird")
        // A tunnel, for http too: the proxy sees where, not what.
        #expect(proxy.snapshot.requests.first == "CONNECT 127.0.0.1:8080 HTTP/1.1", "\(proxy.snapshot.requests)")
        #expect(proxy.snapshot.requests.dropFirst().first?.hasPrefix("GET /services/rest/?method=") == true)
    }
}
