import Reactive

/// The Model layer's service (RWTFlickrSearch): every call is a cold signal, so nothing
/// happens until a ViewModel subscribes, and disposing cancels the call.
@MainActor
public protocol PhotoSearchService: AnyObject {
    /// Emits one `SearchResults` for `text` (most interesting first), then completes.
    func search(_ text: String) -> Signal<SearchResults>
    /// Emits the number of people who marked the photo as a favorite (flickr.photos.getFavorites).
    func favorites(photoID: String) -> Signal<Int>
    /// Emits the number of comments on the photo (flickr.photos.getInfo).
    func comments(photoID: String) -> Signal<Int>
    /// Emits what the photo pager shows about one photo (flickr.photos.getInfo and getSizes).
    func details(photoID: String) -> Signal<PhotoDetails>
    /// Emits the most interesting photos of the day (flickr.interestingness.getList): the gallery.
    func popular() -> Signal<[Photo]>
}

extension PhotoSearchService {
    /// A service that cannot tell details fails, so the pager shows why instead of waiting forever.
    public func details(photoID: String) -> Signal<PhotoDetails> {
        .fail(ModelError.unsupported("this service cannot fetch photo details"))
    }

    /// A service without a popular list fails, so the gallery shows why and stays empty.
    public func popular() -> Signal<[Photo]> {
        .fail(ModelError.unsupported("this service has no popular photos"))
    }
}

extension PhotoSearchService {
    /// Both counts of a photo, from two calls combined (flickrImageMetadata's combineLatest:reduce:).
    public func metadata(photoID: String) -> Signal<PhotoMetadata> {
        combineLatest(favorites(photoID: photoID), comments(photoID: photoID))
            .map { PhotoMetadata(favorites: $0, comments: $1) }
    }
}

/// Failures of the Model layer, with text fit for one line of output.
public enum ModelError: Error, Equatable, CustomStringConvertible {
    /// The service could not be reached (offline, timeout, HTTP failure).
    case unreachable(String)
    /// The service answered with an error (for Flickr: `stat: fail` with a code).
    case service(code: Int, message: String)
    /// No photo has this id.
    case photoNotFound(String)
    /// The service does not offer this call.
    case unsupported(String)

    public var description: String {
        switch self {
        case .unreachable(let reason): reason
        case .service(let code, let message): "\(message) (code \(code))"
        case .photoNotFound(let id): "photo \(id) not found"
        case .unsupported(let what): what
        }
    }
}

/// A service that counts its calls per API method, for `stats`.
@MainActor
public protocol ServiceCallCounting: AnyObject {
    var calls: CallCounts { get }
    /// Forgets every count (`stats reset`), so a lesson can count one step's calls.
    func resetCounts()
}
