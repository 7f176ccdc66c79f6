import Foundation
import GRDB
import LocalFiles
import PhotoModel

/// The embedded photo catalog: a SQLite database generated from a seed, searched with FTS5.
///
/// It stands in for Flickr so that the app works offline and every run gives the same
/// answers. All calls are synchronous; the simulated network delay is added by
/// `CatalogSearchService`, not here. An existing file is opened read-only and never changed.
public final class Catalog: Sendable {
    /// Part of the file name: a catalog built by other code is never reused.
    public static let schemaVersion = CatalogSchema.version
    /// The path that means "in memory, not on disk".
    public static let memoryPath = ":memory:"
    /// How many photos a search returns unless told otherwise (Flickr's per_page default).
    public static let defaultSearchLimit = 100

    /// Where the catalog lives, or ":memory:".
    public let path: String
    public let seed: UInt64
    /// The number of photos.
    public let count: Int
    /// True when this open generated the photos; false when an existing file was reused.
    public let wasGenerated: Bool

    let database: DatabaseQueue

    /// Opens the catalog at `path` (or in memory for ":memory:"), generating it from `seed`,
    /// `count` and `vocabulary` when there is no file yet.
    ///
    /// An existing file is used only when it carries vmsh's catalog mark (its SQLite
    /// application_id) and was built with the same settings; anything else is refused before
    /// anything is written, and left as it was. A new file is built under a temporary name in
    /// the same folder (mode 0600) and linked into place, so a concurrent opener never sees it
    /// half-built. The folder must exist, unless `createDirectories` (vmsh's default locations).
    public init(
        path: String = Catalog.memoryPath,
        seed: UInt64 = CatalogGenerator.defaultSeed,
        count: Int = CatalogGenerator.defaultCount,
        vocabulary: CatalogVocabulary = .classic,
        createDirectories: Bool = false
    ) throws(CatalogError) {
        self.path = path
        self.seed = seed
        self.count = count
        let opener = try Self.opener(path: path, seed: seed, count: count, vocabulary: vocabulary)
        (database, wasGenerated) = try opener.open(createDirectories: createDirectories)
    }

    /// What `init` does short of opening SQLite, which costs more than the rest of vmsh's start:
    /// generates the catalog when there is no file at `path` (true when this call made it), else
    /// refuses a file whose header is not a whole vmsh catalog. Leaves the file closed; `init`
    /// then checks the rest (the settings it was built with). A generation says how far it has
    /// got to `progress`, on the database's thread.
    @discardableResult
    public static func prepare(
        path: String,
        seed: UInt64 = CatalogGenerator.defaultSeed,
        count: Int = CatalogGenerator.defaultCount,
        vocabulary: CatalogVocabulary = .classic,
        createDirectories: Bool = false,
        progress: (@Sendable (CatalogProgress) -> Void)? = nil
    ) throws(CatalogError) -> Bool {
        var opener = try opener(path: path, seed: seed, count: count, vocabulary: vocabulary)
        opener.progress = progress
        return try opener.prepare(createDirectories: createDirectories)
    }

    private static func opener(
        path: String, seed: UInt64, count: Int, vocabulary: CatalogVocabulary
    ) throws(CatalogError) -> CatalogOpener {
        let maximum = CatalogGenerator.maximumCount(vocabulary)
        guard (0...maximum).contains(count) else {
            throw .cannotCreate(path: path, reason: "the count must be between 0 and \(maximum)")
        }
        let generator = CatalogGenerator(seed: seed, count: count, vocabulary: vocabulary)
        return CatalogOpener(path: path, generator: generator)
    }

    /// Opens (creating if needed, folders included) the catalog in the user's data directory:
    /// `$XDG_DATA_HOME/vmsh/catalog-v<schema>-seed<N>[...].sqlite`, else under `$HOME/.local/share`.
    public static func openDefault(
        seed: UInt64 = CatalogGenerator.defaultSeed,
        count: Int = CatalogGenerator.defaultCount,
        vocabulary: CatalogVocabulary = .classic,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CatalogError) -> Catalog {
        let path = try defaultPath(seed: seed, count: count, vocabulary: vocabulary, environment: environment)
        return try Catalog(path: path, seed: seed, count: count, vocabulary: vocabulary, createDirectories: true)
    }

    /// The default file for these settings; a count other than the default, or the Zipf
    /// vocabulary, is part of the name, so different catalogs never collide.
    public static func defaultPath(
        seed: UInt64 = CatalogGenerator.defaultSeed,
        count: Int = CatalogGenerator.defaultCount,
        vocabulary: CatalogVocabulary = .classic,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CatalogError) -> String {
        let size: String
        switch vocabulary {
        case .classic: size = count == CatalogGenerator.defaultCount ? "" : "-count\(count)"
        case .zipf: size = "-size\(count)"
        }
        let name = "catalog-v\(schemaVersion)-seed\(seed)\(size).sqlite"
        guard let path = XDGDirectory.data.path(of: name, environment: environment) else { throw .noDataDirectory }
        return path
    }

    // MARK: Queries

    /// The photos whose title or tags contain every word of `text` (or its singular or plural,
    /// `WordForms`), most interesting first (ties by id), at most `limit` of them, and how many
    /// match in all. Any text is safe: it is never read as FTS syntax; text without words matches
    /// nothing.
    public func search(text: String, limit: Int = Catalog.defaultSearchLimit) throws -> (photos: [Photo], total: Int) {
        let query = SearchQuery(text)
        guard !query.isEmpty else { return ([], 0) }
        return try read { db in
            guard let terms = try IndexTerms(db, query: query) else { return ([], 0) }
            // Rows are numbered by interestingness, so the index hands matches over in result
            // order and the first `limit` are all that is read.
            let page = try db.cachedStatement(
                sql: """
                    SELECT \(Self.photoColumns) FROM photos WHERE number IN
                    (SELECT rowid FROM photos_fts WHERE photos_fts MATCH ? ORDER BY rowid LIMIT ?) ORDER BY number
                    """)
            let photos = try Self.photos(page, arguments: [terms.matchExpression, max(0, limit)])
            if let total = terms.knownTotal { return (photos, total) }
            let count = try db.cachedStatement(sql: "SELECT count(*) FROM photos_fts WHERE photos_fts MATCH ?")
            return (photos, try Int.fetchOne(count, arguments: [terms.matchExpression]) ?? 0)
        }
    }

    /// The most interesting photos of the whole catalog (Flickr's interestingness list).
    public func popular(limit: Int = Catalog.defaultSearchLimit) throws -> [Photo] {
        try read { db in
            let page = try db.cachedStatement(sql: "SELECT \(Self.photoColumns) FROM photos ORDER BY number LIMIT ?")
            return try Self.photos(page, arguments: [max(0, limit)])
        }
    }

    /// Everything stored about the photo; `ModelError.photoNotFound` for an unknown id.
    public func record(photoID: String) throws -> CatalogRecord {
        let row = try read { db in try Row.fetchOne(db, sql: "SELECT * FROM photos WHERE id = ?", arguments: [photoID])
        }
        guard let row else { throw ModelError.photoNotFound(photoID) }
        do throws(WrongType) {
            return try Self.record(row)
        } catch {
            throw CatalogError.queryFailed(path: path, reason: error.reason)
        }
    }

    // MARK: Implementation

    /// Runs a read, turning database failures into `CatalogError.queryFailed`.
    ///
    /// No transaction: a catalog is never written once built, so every statement sees the same
    /// database without one, and a transaction would add its own two statements to every search.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try database.unsafeRead(body)
        } catch let error as DatabaseError {
            throw CatalogError.queryFailed(path: path, reason: error.message ?? "\(error)")
        } catch let error as WrongType {
            // A value SQLite's typing let in that the schema does not mean: this read fails, the rest serves.
            throw CatalogError.queryFailed(path: path, reason: error.reason)
        }
    }
}
