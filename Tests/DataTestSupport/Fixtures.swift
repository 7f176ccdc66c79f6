import PhotoCatalog

/// Catalogs shared by tests that only read: generating one per test would be slow.
@MainActor
public enum Fixtures {
    public static let smallCount = 2_000
    private static var cached: Catalog?

    /// An in-memory catalog of 2,000 photos from seed 1.
    public static func catalog() throws -> Catalog {
        if let cached { return cached }
        let catalog = try Catalog(path: Catalog.memoryPath, seed: 1, count: smallCount)
        cached = catalog
        return catalog
    }

    /// The generator's records behind `catalog()`: an oracle independent of SQLite.
    public static let records = CatalogGenerator(seed: 1, count: smallCount).generate()
}
