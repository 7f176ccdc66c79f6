import Foundation
import Redaction

/// One call of Flickr's REST API: `GET {endpoint}?method=M&api_key=K&format=json&nojsoncallback=1&...`.
///
/// The key goes into `url` only; `description` and `redact(_:)` replace it, so a request can
/// be printed or put in an error without leaking the key.
public struct FlickrRequest: Sendable, CustomStringConvertible {
    public static let defaultEndpoint: URL = {
        guard let url = URL(string: "https://api.flickr.com/services/rest/") else {
            preconditionFailure("the default endpoint is a valid URL")
        }
        return url
    }()

    public let endpoint: URL
    public let method: String
    /// The method's own parameters, in the order they are sent (after method and api_key).
    public let parameters: [(name: String, value: String)]
    private let apiKey: SecretKey

    public init(endpoint: URL, apiKey: String, method: String, parameters: [(name: String, value: String)]) {
        self.endpoint = endpoint
        self.apiKey = SecretKey(apiKey)
        self.method = method
        self.parameters = parameters
    }

    /// All parameters as sent, key included.
    var allParameters: [(name: String, value: String)] {
        [("method", method), ("api_key", apiKey.value)] + parameters + [("format", "json"), ("nojsoncallback", "1")]
    }

    /// The address to fetch; it carries the key, so never print it (use `description`).
    public var url: URL {
        let query = allParameters.map { "\(Self.escape($0.name))=\(Self.escape($0.value))" }.joined(separator: "&")
        let base = endpoint.absoluteString
        let separator = base.contains("?") ? "&" : "?"
        // Every byte outside the unreserved set is escaped, so this always parses.
        guard let url = URL(string: base + separator + query) else {
            preconditionFailure("an escaped query makes a valid URL")
        }
        return url
    }

    /// The address with the key replaced.
    public var description: String { redact(url.absoluteString) }

    /// `text` with every occurrence of the key (and of the process's other secrets) replaced: in
    /// any letter case, plain or escaped.
    public func redact(_ text: String) -> String {
        KeyRedaction(apiKey.value).redact(Secrets.redact(text), with: Secrets.replacement)
    }

    /// "host" or "host:port" of the endpoint: how error messages name the server.
    public var hostDescription: String {
        let host = endpoint.host ?? endpoint.absoluteString
        return endpoint.port.map { "\(host):\($0)" } ?? host
    }

    /// Percent-escapes everything but RFC 3986's unreserved characters; a '+' in search text
    /// must not reach the server as a space.
    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

extension FlickrRequest {
    /// The API methods the client calls, as Flickr spells them.
    public enum Method {
        public static let search = "flickr.photos.search"
        public static let getFavorites = "flickr.photos.getFavorites"
        public static let getInfo = "flickr.photos.getInfo"
        public static let getSizes = "flickr.photos.getSizes"
        public static let interestingness = "flickr.interestingness.getList"
    }

    /// The most interesting photos for `text` first, with the owner's name.
    public static func search(_ text: String, page: Int = 1, perPage: Int = 100, endpoint: URL, apiKey: String)
        -> FlickrRequest
    {
        FlickrRequest(
            endpoint: endpoint, apiKey: apiKey, method: Method.search,
            parameters: [
                ("text", text), ("sort", "interestingness-desc"), ("per_page", String(perPage)),
                ("page", String(page)), ("extras", "owner_name"),
            ])
    }

    /// Only `photo.total` is read, so one favorite per page is enough.
    public static func favorites(photoID: String, endpoint: URL, apiKey: String) -> FlickrRequest {
        FlickrRequest(
            endpoint: endpoint, apiKey: apiKey, method: Method.getFavorites,
            parameters: [
                ("photo_id", photoID), ("per_page", "1"),
            ])
    }

    public static func info(photoID: String, endpoint: URL, apiKey: String) -> FlickrRequest {
        FlickrRequest(endpoint: endpoint, apiKey: apiKey, method: Method.getInfo, parameters: [("photo_id", photoID)])
    }

    public static func sizes(photoID: String, endpoint: URL, apiKey: String) -> FlickrRequest {
        FlickrRequest(endpoint: endpoint, apiKey: apiKey, method: Method.getSizes, parameters: [("photo_id", photoID)])
    }

    /// Today's most interesting photos (the gallery), with the owner's name.
    public static func popular(perPage: Int = 100, endpoint: URL, apiKey: String) -> FlickrRequest {
        FlickrRequest(
            endpoint: endpoint, apiKey: apiKey, method: Method.interestingness,
            parameters: [
                ("per_page", String(perPage)), ("page", "1"), ("extras", "owner_name"),
            ])
    }
}

/// The API key, hidden from `print`, `dump` and string interpolation: only `value` gives it.
struct SecretKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let value: String
    init(_ value: String) { self.value = value }
    var description: String { Secrets.replacement }
    var debugDescription: String { Secrets.replacement }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}
