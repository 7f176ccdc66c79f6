import PhotoModel

/// Everything that can go wrong with one Flickr call, before it is told in words.
///
/// No case carries a URL: the URL holds the API key. Texts from the server (`message`) are
/// redacted and folded into one line when they become a `ModelError`.
public enum FlickrError: Error, Equatable, Sendable {
    /// `stat: fail` in the body, usually with HTTP 200.
    case api(code: Int, message: String)
    /// A status other than 2xx.
    case http(status: Int)
    /// The body is not JSON (an HTML error page from a proxy, for example).
    case notJSON(contentType: String?, bytes: Int)
    /// JSON that is cut short or lacks what the method returns; says which field.
    case malformed(String)
    case timedOut(seconds: Double)
    case cannotConnect
    case cannotFindHost
    case connectionLost
    /// Any other transport failure, in words that hold no URL.
    case transport(String)

    /// One line for a person; `host` names the server ("api.flickr.com", "127.0.0.1:8080").
    public func reason(host: String) -> String {
        switch self {
        case .api(let code, let message): "\(message) (code \(code))"
        case .http(let status) where (300..<400).contains(status):
            "\(host) answered HTTP \(status) (redirect not followed)"
        case .http(let status): "\(host) answered HTTP \(status)\(Self.statusText(status).map { " \($0)" } ?? "")"
        case .notJSON(let type, let bytes):
            "\(host) sent a reply that is not JSON (\(type ?? "no content type"), \(bytes) bytes)"
        case .malformed(let detail): "\(host) sent an unreadable reply: \(detail)"
        case .timedOut(let seconds): "no answer from \(host) within \(Self.format(seconds)) s"
        case .cannotConnect: "cannot connect to \(host) (connection refused)"
        case .cannotFindHost: "cannot find \(host) (offline, or the name does not resolve)"
        case .connectionLost: "the connection to \(host) was lost"
        case .transport(let detail): "cannot reach \(host): \(detail)"
        }
    }

    /// As the Model layer reports it: Flickr's own errors keep their code; code 1 from a
    /// photo method is "photo not found"; every other failure is "unreachable" with a reason.
    func modelError(for request: FlickrRequest) -> ModelError {
        if case .api(1, _) = self, let photoID = request.parameters.first(where: { $0.name == "photo_id" })?.value {
            return .photoNotFound(Self.clean(photoID, request))
        }
        switch self {
        case .api(let code, let message):
            return .service(code: code, message: Self.clean(message, request))
        default:
            return .unreachable(Self.clean(reason(host: request.hostDescription), request))
        }
    }

    /// Redacted, one line, not longer than a terminal line or two.
    static func clean(_ text: String, _ request: FlickrRequest) -> String {
        DataText.clean(request.redact(text), limit: 160)
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    private static func statusText(_ status: Int) -> String? {
        [
            400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
            429: "Too Many Requests (over the key's hourly call budget)", 500: "Internal Server Error",
            502: "Bad Gateway",
            503: "Service Unavailable", 504: "Gateway Timeout",
        ][status]
    }
}
