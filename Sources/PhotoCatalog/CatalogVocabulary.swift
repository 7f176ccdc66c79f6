/// Which words a generated catalog's titles and tags are drawn from.
public enum CatalogVocabulary: String, Sendable, Equatable, CaseIterable {
    /// The embedded catalog's tiers of words, which the lessons' transcripts rely on.
    case classic
}
