/// What flickr.photos.getInfo (and getSizes) tell about one photo, beyond the search result:
/// what the photo pager shows once the photo is active.
///
/// Dates are Unix seconds (UTC) so that output never depends on the machine's clock or time zone.
public struct PhotoDetails: Sendable, Equatable {
    public var id: String
    public var title: String
    public var owner: String
    public var ownerName: String
    /// Unix seconds.
    public var taken: Int
    /// Unix seconds.
    public var posted: Int
    public var description: String
    public var tags: [String]
    public var views: Int
    /// The sizes the image comes in, smallest first; empty when the service does not say.
    public var sizes: [PhotoSize]
    /// The photo's page on Flickr; nil when the service does not say.
    public var pageURL: String?

    public init(
        id: String, title: String, owner: String, ownerName: String, taken: Int, posted: Int,
        description: String, tags: [String], views: Int, sizes: [PhotoSize] = [], pageURL: String? = nil
    ) {
        self.id = id
        self.title = title
        self.owner = owner
        self.ownerName = ownerName
        self.taken = taken
        self.posted = posted
        self.description = description
        self.tags = tags
        self.views = views
        self.sizes = sizes
        self.pageURL = pageURL
    }
}
