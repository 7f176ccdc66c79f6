/// One photo of a search result, as the Flickr API describes it.
public struct Photo: Sendable, Equatable, Hashable {
    public var id: String
    public var title: String
    public var owner: String
    public var ownerName: String
    public var secret: String
    public var server: String

    public init(id: String, title: String, owner: String, ownerName: String, secret: String, server: String) {
        self.id = id
        self.title = title
        self.owner = owner
        self.ownerName = ownerName
        self.secret = secret
        self.server = server
    }

    /// The image address in Flickr's scheme; `size` is one of Flickr's size letters (s, q, t, m, ...).
    public func url(size: Character = "m") -> String {
        "https://live.staticflickr.com/\(server)/\(id)_\(secret)_\(size).jpg"
    }
}

/// The counts shown beside a photo: fetched separately because each costs an API call.
public struct PhotoMetadata: Sendable, Equatable {
    public var favorites: Int
    public var comments: Int

    public init(favorites: Int, comments: Int) {
        self.favorites = favorites
        self.comments = comments
    }
}

/// The answer to a search: the text, the first page of photos, and how many match in all.
public struct SearchResults: Sendable, Equatable {
    public var searchText: String
    public var photos: [Photo]
    public var totalResults: Int
    /// When nothing matched, texts near it that would find photos (a service may offer none).
    public var suggestions: [String]

    public init(searchText: String, photos: [Photo], totalResults: Int, suggestions: [String] = []) {
        self.searchText = searchText
        self.photos = photos
        self.totalResults = totalResults
        self.suggestions = suggestions
    }
}
