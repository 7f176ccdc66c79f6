/// One size an image can be fetched in (flickr.photos.getSizes): its label, the length of its
/// longest edge in pixels, and its address.
public struct PhotoSize: Sendable, Equatable {
    public var label: String
    public var longestEdge: Int
    public var url: String

    public init(label: String, longestEdge: Int, url: String) {
        self.label = label
        self.longestEdge = longestEdge
        self.url = url
    }
}

extension Photo {
    /// The photo's page in Flickr's scheme: owner and id, nothing to fetch.
    public var pageURL: String { "https://www.flickr.com/photos/\(owner)/\(id)/" }

    /// Flickr's standard sizes, smallest first, with their suffix letters; a service that knows
    /// no more (the embedded catalog) answers with these.
    public var standardSizes: [PhotoSize] {
        let sizes: [(Character, String, Int)] = [
            ("s", "Square", 75), ("t", "Thumbnail", 100), ("m", "Small", 240), ("z", "Medium", 640),
            ("b", "Large", 1024),
        ]
        return sizes.map { PhotoSize(label: $0.1, longestEdge: $0.2, url: url(size: $0.0)) }
    }
}
