import Foundation
import GRDB
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

    /// Opens the catalog at `path` (or in memory for ":memory:"), generating it from `seed`
    /// and `count` when there is none yet.
    ///
    /// A new file is built under a temporary name in the same directory (mode 0600, the
    /// directory created with 0700) and renamed into place, so a concurrent opener never
    /// sees it half-built. An existing file must be a catalog with the same seed and count.
    public init(
        path: String = Catalog.memoryPath,
        seed: UInt64 = CatalogGenerator.defaultSeed,
        count: Int = CatalogGenerator.defaultCount
    ) throws(CatalogError) {
        guard (0...CatalogGenerator.maximumCount).contains(count) else {
            throw .cannotCreate(path: path, reason: "the count must be between 0 and \(CatalogGenerator.maximumCount)")
        }
        self.path = path
        self.seed = seed
        self.count = count
        let generator = CatalogGenerator(seed: seed, count: count)
        if path == Self.memoryPath {
            database = try Self.makeInMemory(generator)
            wasGenerated = true
            return
        }
        if let size = CatalogFiles.fileSize(path), size > 0, let existing = try Self.openExisting(path, seed: seed, count: count) {
            database = existing
            wasGenerated = false
            return
        }
        try Self.build(at: path, generator: generator)
        guard let built = try Self.openExisting(path, seed: seed, count: count) else {
            throw .cannotCreate(path: path, reason: "the new file is empty")
        }
        database = built
        wasGenerated = true
    }

    /// Opens (creating if needed) the catalog in the user's data directory:
    /// `$XDG_DATA_HOME/vmsh/catalog-v1-seed<N>.sqlite`, else under `$HOME/.local/share`.
    public static func openDefault(
        seed: UInt64 = CatalogGenerator.defaultSeed,
        count: Int = CatalogGenerator.defaultCount,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CatalogError) -> Catalog {
        try Catalog(path: defaultPath(seed: seed, count: count, environment: environment), seed: seed, count: count)
    }

    /// The default file for these settings; a count other than the default is part of the
    /// name, so catalogs of different sizes never collide.
    public static func defaultPath(
        seed: UInt64 = CatalogGenerator.defaultSeed,
        count: Int = CatalogGenerator.defaultCount,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CatalogError) -> String {
        let size = count == CatalogGenerator.defaultCount ? "" : "-count\(count)"
        return try CatalogFiles.dataFile(named: "catalog-v\(schemaVersion)-seed\(seed)\(size).sqlite", environment: environment)
    }

    // MARK: Queries

    /// The photos whose title or tags contain every word of `text`, most interesting first
    /// (ties by id), at most `limit` of them, and how many match in all. Any text is safe:
    /// it is never read as FTS syntax; text without words matches nothing.
    public func search(text: String, limit: Int = Catalog.defaultSearchLimit) throws -> (photos: [Photo], total: Int) {
        guard let match = SearchQuery(text).matchExpression else { return ([], 0) }
        return try read { db in
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM photos_fts WHERE photos_fts MATCH ?", arguments: [match]) ?? 0
            let rows = try Row.fetchAll(db, sql: """
                SELECT p.id, p.title, p.owner, p.owner_name, p.secret, p.server
                FROM photos_fts JOIN photos p ON p.number = photos_fts.rowid
                WHERE photos_fts MATCH ? ORDER BY p.interestingness DESC, p.id LIMIT ?
                """, arguments: [match, max(0, limit)])
            return (rows.map(Self.photo), total)
        }
    }

    /// The most interesting photos of the whole catalog (Flickr's interestingness list).
    public func popular(limit: Int = Catalog.defaultSearchLimit) throws -> [Photo] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, title, owner, owner_name, secret, server FROM photos
                ORDER BY interestingness DESC, id LIMIT ?
                """, arguments: [max(0, limit)]).map(Self.photo)
        }
    }

    /// How many people marked the photo as a favorite; `ModelError.photoNotFound` for an unknown id.
    public func favorites(photoID: String) throws -> Int {
        try integer("favorites", photoID: photoID)
    }

    /// How many comments the photo has; `ModelError.photoNotFound` for an unknown id.
    public func comments(photoID: String) throws -> Int {
        try integer("comments", photoID: photoID)
    }

    /// What getInfo tells about the photo; `ModelError.photoNotFound` for an unknown id.
    public func details(photoID: String) throws -> PhotoDetails {
        let record = try record(photoID: photoID)
        return PhotoDetails(
            id: record.id, title: record.title, owner: record.owner, ownerName: record.ownerName,
            taken: record.taken, posted: record.posted, description: record.description,
            tags: record.tags, views: record.views
        )
    }

    /// Everything stored about the photo; `ModelError.photoNotFound` for an unknown id.
    public func record(photoID: String) throws -> CatalogRecord {
        let row = try read { db in try Row.fetchOne(db, sql: "SELECT * FROM photos WHERE id = ?", arguments: [photoID]) }
        guard let row else { throw ModelError.photoNotFound(photoID) }
        return Self.record(row)
    }

    /// A digest of every stored row, equal to the generator's `contentDigest()` for the same
    /// seed and count: same digest, byte-identical catalog.
    public func contentDigest() throws -> String {
        try read { db in
            var hasher = FNV1a()
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM photos ORDER BY number")
            while let row = try rows.next() { Self.record(row).digest(into: &hasher) }
            return hasher.hex
        }
    }

    // MARK: Implementation

    private func integer(_ column: String, photoID: String) throws -> Int {
        let value = try read { db in
            try Int.fetchOne(db, sql: "SELECT \(column) FROM photos WHERE id = ?", arguments: [photoID])
        }
        guard let value else { throw ModelError.photoNotFound(photoID) }
        return value
    }

    /// Runs a read, turning database failures into `CatalogError.queryFailed`.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try database.read(body)
        } catch let error as DatabaseError {
            throw CatalogError.queryFailed(path: path, reason: error.message ?? "\(error)")
        }
    }

    private static func photo(_ row: Row) -> Photo {
        Photo(id: row["id"], title: row["title"], owner: row["owner"], ownerName: row["owner_name"], secret: row["secret"], server: row["server"])
    }

    private static func record(_ row: Row) -> CatalogRecord {
        let tags: String = row["tags"]
        return CatalogRecord(
            id: row["id"], title: row["title"], tags: tags.split(separator: " ").map(String.init),
            owner: row["owner"], ownerName: row["owner_name"], secret: row["secret"], server: row["server"],
            views: row["views"], favorites: row["favorites"], comments: row["comments"],
            taken: row["taken"], posted: row["posted"], description: row["description"],
            interestingness: row["interestingness"]
        )
    }

    private static func makeInMemory(_ generator: CatalogGenerator) throws(CatalogError) -> DatabaseQueue {
        do {
            let queue = try DatabaseQueue()
            try queue.write { db in try CatalogSchema.populate(db, generator: generator) }
            return queue
        } catch {
            throw .cannotCreate(path: memoryPath, reason: reason(error))
        }
    }

    /// Opens `path` read-only and checks it; nil when it is an empty SQLite database.
    private static func openExisting(_ path: String, seed: UInt64, count: Int) throws(CatalogError) -> DatabaseQueue? {
        let queue: DatabaseQueue
        let inspection: CatalogSchema.Inspection
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.label = "PhotoCatalog"
            queue = try DatabaseQueue(path: path, configuration: configuration)
            inspection = try queue.read(CatalogSchema.inspect)
        } catch {
            throw .invalidCatalog(path: path, reason: reason(error))
        }
        switch inspection {
        case .empty:
            try? queue.close()
            return nil
        case .catalog(let fileSeed, let fileCount):
            guard fileSeed == seed, fileCount == count else {
                throw .invalidCatalog(path: path, reason: "built with seed \(fileSeed) and \(fileCount) photos, expected seed \(seed) and \(count)")
            }
            return queue
        }
    }

    /// Generates the catalog into a temporary file beside `path` and renames it into place.
    private static func build(at path: String, generator: CatalogGenerator) throws(CatalogError) {
        try CatalogFiles.makeDirectory(CatalogFiles.directory(of: path), for: path)
        let temporary = try CatalogFiles.makeTemporaryFile(beside: path)
        do {
            let queue = try DatabaseQueue(path: temporary)
            // Nobody else can see this file yet: no journal, no syncing until the end.
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = OFF")
                try db.execute(sql: "PRAGMA synchronous = OFF")
            }
            try queue.write { db in try CatalogSchema.populate(db, generator: generator) }
            try queue.close()
        } catch {
            CatalogFiles.remove(temporary)
            throw .cannotCreate(path: path, reason: reason(error))
        }
        try CatalogFiles.moveIntoPlace(temporary, to: path)
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error)" }
        return "\(error)"
    }
}
