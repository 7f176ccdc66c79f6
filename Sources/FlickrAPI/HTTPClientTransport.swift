import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// HTTP and HTTPS through AsyncHTTPClient on one event-loop thread of its own: the thread
/// sleeps in epoll while the server thinks, however many requests wait.
///
/// Redirects are never followed (a 3xx is an error), so the key in the query never travels to
/// another host, port or scheme. Connections are pooled per host, at most `perHost` requests are
/// in flight per host and the rest wait in a queue they leave when cancelled. Each request has
/// `timeout` from the moment it is sent (not while it waits its turn); a cancelled one is cancelled
/// on the wire (its connection is closed).
public final class HTTPClientTransport: HTTPTransport {
    /// As browsers do: a few connections per host, never one per request.
    public static let defaultPerHost = 6
    /// A reply larger than this is an error, not a memory-eating success.
    static let maxBodyBytes = 32 << 20

    public let timeout: Duration
    private let group: MultiThreadedEventLoopGroup
    private let client: HTTPClient
    let queue: HostQueue

    /// `proxyFor`: the endpoint whose proxy the environment names (`https_proxy`, `no_proxy`...).
    public convenience init(
        timeout: Duration = .seconds(10), perHost: Int = defaultPerHost, proxyFor endpoint: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        let proxy = endpoint.flatMap { ProxySetting.proxy(for: $0, environment: environment) }
        self.init(timeout: timeout, perHost: perHost, tls: Self.trust(environment), proxy: proxy)
    }

    /// `SSL_CERT_FILE` names the certificate authorities to trust instead of the system's, as
    /// OpenSSL, curl and Python read it (a company's own authority, a local server's certificate).
    static func trust(_ environment: [String: String]) -> TLSConfiguration? {
        guard let path = environment["SSL_CERT_FILE"], !path.isEmpty else { return nil }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .file(path)
        return configuration
    }

    /// `tls` replaces the system's TLS settings: tests pass one that trusts a certificate they made.
    init(timeout: Duration, perHost: Int, tls: TLSConfiguration?, proxy: HTTPClient.Configuration.Proxy? = nil) {
        self.timeout = timeout
        let wait = TimeAmount.milliseconds(timeout.clampedMilliseconds)
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow, timeout: .init(connect: wait, read: wait),
            connectionPool: .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: perHost),
            proxy: proxy, decompression: .disabled)
        // A refused connection fails its request at once instead of retrying until the timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.httpVersion = .http1Only
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        client = HTTPClient(eventLoopGroup: group, configuration: configuration)
        queue = HostQueue(limit: perHost)
    }

    deinit {
        let group = self.group
        client.shutdown { _ in group.shutdownGracefully { _ in } }
    }

    public func get(_ url: URL, completion: @escaping @Sendable (Result<HTTPReply, FlickrError>) -> Void)
        -> any HTTPCancellable
    {
        let host = Self.hostKey(url)
        let exchange = HTTPExchange(id: queue.makeID(), host: host, queue: queue, completion: completion)
        let client = self.client
        let timeout = self.timeout
        queue.submit(
            HostQueue.Job(id: exchange.id) {
                let collector = ReplyCollector(limit: Self.maxBodyBytes)
                exchange.start { () -> HTTPClient.Task<HTTPReply>? in
                    guard
                        let request = try? HTTPClient.Request(
                            url: url.absoluteString, headers: ["Accept": "application/json", "User-Agent": "vmsh"])
                    else { return nil }
                    let deadline = NIODeadline.now() + .milliseconds(timeout.clampedMilliseconds)
                    return client.execute(request: request, delegate: collector, deadline: deadline)
                } finished: { result in
                    result.mapError {
                        HTTPFailure.flickrError($0, timeout: timeout.seconds, headReceived: collector.headReceived)
                    }
                }
            }, host: host)
        return exchange
    }

    /// "scheme://host:port": requests to one of these share a queue and a pool.
    static func hostKey(_ url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port.map(String.init) ?? "")"
    }
}
