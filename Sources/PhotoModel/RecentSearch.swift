/// One earlier search, as the recent list shows it: text, how many matched, the first photo.
public struct RecentSearch: Equatable, Sendable {
    public var searchText: String
    public var totalResults: Int
    public var firstPhoto: Photo?

    public init(searchText: String, totalResults: Int, firstPhoto: Photo?) {
        self.searchText = searchText
        self.totalResults = totalResults
        self.firstPhoto = firstPhoto
    }

    public init(_ results: SearchResults) {
        self.init(searchText: results.searchText, totalResults: results.totalResults, firstPhoto: results.photos.first)
    }

    /// The most recent searches a user sees: newest first, at most this many.
    public static let limit = 10

    /// `list` with `search` on top; an earlier search with the same text moves up, refreshed.
    public static func record(_ search: RecentSearch, in list: [RecentSearch]) -> [RecentSearch] {
        let others = list.filter { $0.searchText != search.searchText }
        return Array(([search] + others).prefix(limit))
    }
}

/// Where recent searches last between sessions. `record` is one atomic read-modify-write, so
/// two processes recording at once lose neither search.
@MainActor
public protocol RecentSearchStore: AnyObject {
    /// The stored searches, newest first.
    func load() throws -> [RecentSearch]
    /// Puts `search` on top (moving an earlier one with the same text) and returns the new list.
    func record(_ search: RecentSearch) throws -> [RecentSearch]
    /// One line about the last load or record, once: what it left out (a row of the wrong type),
    /// while the rest still serves. Nil when there is nothing to say.
    func takeNotice() -> String?
}

extension RecentSearchStore {
    public func takeNotice() -> String? { nil }
}
