import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request in flight that can be abandoned.
public protocol HTTPCancellable: Sendable {
    func cancel()
}

/// Fetches one URL off the main thread. The completion runs once, on any thread; after
/// `cancel()` it may still run (with a failure), and the client ignores it.
public protocol HTTPTransport: Sendable {
    func get(_ url: URL, completion: @escaping @Sendable (Result<HTTPReply, FlickrError>) -> Void) -> any HTTPCancellable
}

/// HTTP through Foundation's URLSession (libcurl on Linux): HTTPS, proxies and redirects come
/// for free, and `URLSessionTask.cancel()` closes the connection, which the server notices.
public final class URLSessionTransport: HTTPTransport {
    /// The whole request, connection to last byte, must finish within this time.
    public let timeout: Duration
    private let session: URLSession

    public init(timeout: Duration = .seconds(10)) {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout.seconds
        configuration.timeoutIntervalForResource = timeout.seconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration)
    }

    deinit { session.invalidateAndCancel() }

    public func get(_ url: URL, completion: @escaping @Sendable (Result<HTTPReply, FlickrError>) -> Void) -> any HTTPCancellable {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout.seconds)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("vmsh", forHTTPHeaderField: "User-Agent")
        let seconds = timeout.seconds
        let task = session.dataTask(with: request) { data, response, error in
            if let error {
                completion(.failure(Self.failure(error, timeout: seconds)))
            } else if let response = response as? HTTPURLResponse {
                let type = response.value(forHTTPHeaderField: "Content-Type")
                completion(.success(HTTPReply(status: response.statusCode, contentType: type, body: data ?? Data())))
            } else {
                completion(.failure(.transport("the reply is not HTTP")))
            }
        }
        task.resume()
        return Task(task: task)
    }

    /// A URLError in words of our own: its description and user info hold the URL, hence the key.
    static func failure(_ error: any Error, timeout: Double) -> FlickrError {
        guard let error = error as? URLError else { return .transport("the request failed") }
        switch error.code {
        case .timedOut: return .timedOut(seconds: timeout)
        case .cannotConnectToHost: return .cannotConnect
        case .cannotFindHost, .dnsLookupFailed: return .cannotFindHost
        case .networkConnectionLost: return .connectionLost
        case .notConnectedToInternet: return .transport("not connected to the internet")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .transport("the secure connection failed")
        case .badServerResponse: return .malformed("not a valid HTTP reply")
        case .cancelled: return .transport("cancelled")
        default: return .transport("URL error \(error.code.rawValue)")
        }
    }

    private struct Task: HTTPCancellable, @unchecked Sendable {
        // URLSessionTask is thread-safe; corelibs Foundation does not mark it Sendable.
        let task: URLSessionDataTask
        func cancel() { task.cancel() }
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
