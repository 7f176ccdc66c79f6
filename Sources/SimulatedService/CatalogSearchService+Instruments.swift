import PhotoModel

/// `stats` reads the per-method counts the service already keeps.
extension CatalogSearchService: ServiceCallCounting {}

/// `net` sets the simulated network's condition.
extension CatalogSearchService: NetworkSimulating {}

/// `words` lists the catalog's words, read at once: looking at the data is not a network call.
extension CatalogSearchService: WordListing {
    public func words(prefix: String) throws -> [WordCount] { try catalog.words(prefix: prefix) }
}
