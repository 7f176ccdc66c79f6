import PhotoModel

/// `stats` reads the per-method counts the service already keeps.
extension CatalogSearchService: ServiceCallCounting {}

/// `net` sets the simulated network's condition.
extension CatalogSearchService: NetworkSimulating {}
