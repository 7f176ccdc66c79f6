import Foundation
import PhotoModel

@testable import PhotoCatalog

/// Catalogs shared by tests that only read: generating one per test would be slow.
@MainActor
enum Fixtures {
    static let smallCount = 2_000
    private static var cached: Catalog?

    /// An in-memory catalog of 2,000 photos from seed 1.
    static func catalog() throws -> Catalog {
        if let cached { return cached }
        let catalog = try Catalog(path: Catalog.memoryPath, seed: 1, count: smallCount)
        cached = catalog
        return catalog
    }

    /// The generator's records behind `catalog()`: an oracle independent of SQLite.
    static let records = CatalogGenerator(seed: 1, count: smallCount).generate()
}

/// A fresh, empty directory for one test; `remove()` deletes it.
struct TemporaryDirectory {
    let path: String

    init(_ name: String) {
        path = FileManager.default.temporaryDirectory.path + "/vmsh-catalog-tests-\(getpid())-\(name)"
        remove()
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}

/// The permission bits of a file, or nil when there is none.
func permissions(_ path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_mode) & 0o777
}

/// The inode of a file: a rebuilt-and-renamed file gets a new one.
func inode(_ path: String) -> UInt64? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return UInt64(info.st_ino)
}

/// Words of a title or tag list as the index sees ASCII words: lowercased, split on spaces.
func words(of record: CatalogRecord) -> Set<String> {
    Set(record.title.lowercased().split(separator: " ").map(String.init) + record.tags.map { $0.lowercased() })
}

/// Records in search-result order: most interesting first, ties by ascending id.
func sortedByInterest(_ records: [CatalogRecord]) -> [CatalogRecord] {
    records.sorted { first, second in
        first.interestingness != second.interestingness
            ? first.interestingness > second.interestingness : first.id < second.id
    }
}
