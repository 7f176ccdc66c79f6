/// How far a catalog's generation has got, for a progress line: a large one takes seconds.
public enum CatalogProgress: Sendable, Equatable {
    /// `done` of the catalog's photos written.
    case photos(done: Int, of: Int)
    /// Every photo written; the search index is being built.
    case indexing
}
