/// A word of a catalog's index and how many photos carry it.
public struct WordCount: Sendable, Equatable {
    public let word: String
    public let photos: Int

    public init(word: String, photos: Int) {
        self.word = word
        self.photos = photos
    }
}

/// A service over a catalog that can say which words it holds (`words`); Flickr cannot.
@MainActor
public protocol WordListing: AnyObject {
    /// The words starting with `prefix` (every word for ""), most photos first, ties by word.
    func words(prefix: String) throws -> [WordCount]
}
