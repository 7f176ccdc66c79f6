/// What flickr.photos.getInfo tells about one photo, beyond the search result.
///
/// Defined here until PhotoModel needs it; dates are Unix seconds (UTC) so that output
/// never depends on the machine's clock or time zone.
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

    public init(
        id: String, title: String, owner: String, ownerName: String, taken: Int, posted: Int,
        description: String, tags: [String], views: Int
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
    }
}
