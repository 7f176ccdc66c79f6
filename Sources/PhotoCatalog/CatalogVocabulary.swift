/// Which words a generated catalog's titles and tags are drawn from.
public enum CatalogVocabulary: String, Sendable, Equatable, CaseIterable {
    /// The embedded catalog's tiers of words, which the lessons' transcripts rely on.
    case classic
    /// A larger vocabulary with Zipf-like word frequencies, for catalogs of any size
    /// (`--catalog-size`): common words find many photos, a long tail finds a few.
    case zipf
}
