import PhotoModel

/// Everything the catalog stores about one photo: one row of the `photos` table.
///
/// `Photo` (PhotoModel) carries only what a search result shows; the counts and dates live
/// here so that the metadata calls have something to answer with.
public struct CatalogRecord: Sendable, Equatable, Hashable {
    public var id: String
    public var title: String
    /// Lowercase-ish single words, as Flickr stores tags.
    public var tags: [String]
    /// The owner's NSID, e.g. "12345678@N01".
    public var owner: String
    public var ownerName: String
    public var secret: String
    public var server: String
    public var views: Int
    public var favorites: Int
    public var comments: Int
    /// Unix seconds.
    public var taken: Int
    /// Unix seconds.
    public var posted: Int
    public var description: String
    /// Higher is more interesting: the order of search results.
    public var interestingness: Double

    public init(
        id: String, title: String, tags: [String], owner: String, ownerName: String,
        secret: String, server: String, views: Int, favorites: Int, comments: Int,
        taken: Int, posted: Int, description: String, interestingness: Double
    ) {
        self.id = id
        self.title = title
        self.tags = tags
        self.owner = owner
        self.ownerName = ownerName
        self.secret = secret
        self.server = server
        self.views = views
        self.favorites = favorites
        self.comments = comments
        self.taken = taken
        self.posted = posted
        self.description = description
        self.interestingness = interestingness
    }

    /// The part a search result shows.
    public var photo: Photo {
        Photo(id: id, title: title, owner: owner, ownerName: ownerName, secret: secret, server: server)
    }
}
