import GRDB
import LocalFiles

/// Finds, checks or builds the catalog file behind a `Catalog`: the file-system half of opening.
struct CatalogOpener {
    let path: String
    let generator: CatalogGenerator
    /// Told how a generation is going (a large catalog takes seconds).
    var progress: (@Sendable (CatalogProgress) -> Void)?

    /// The open database and whether this call generated it.
    func open(createDirectories: Bool) throws(CatalogError) -> (DatabaseQueue, Bool) {
        if path == Catalog.memoryPath { return (try makeInMemory(), true) }
        let generated = try prepare(createDirectories: createDirectories)
        return (try openExisting(), generated)
    }

    /// Everything short of opening SQLite: generates the catalog when there is no file at `path`
    /// (true when this call published it), then judges the file by its header, which refuses
    /// another program's file and a cut-short one. What only an open can tell (the settings
    /// it was built with, damage inside) is left to `open`.
    @discardableResult
    func prepare(createDirectories: Bool) throws(CatalogError) -> Bool {
        guard path != Catalog.memoryPath else { return false }
        var generated = false
        if ExistingFile(path: path) == .missing {
            try creating { () throws(CannotCreateFile) in
                if createDirectories {
                    try DataFiles.makeDirectory(DataFiles.directory(of: path), for: path)
                } else {
                    try DataFiles.requireDirectory(of: path)
                }
            }
            // False when another process published its catalog first: judged like any other.
            generated = try build()
        }
        try judgeHeader()
        return generated
    }

    /// Refuses a file whose header is not a whole catalog of vmsh's; reads the header only.
    private func judgeHeader() throws(CatalogError) {
        let file = ExistingFile(path: path)
        if let refusal = VMSHMark.refusal(file, mark: VMSHMark.catalog) {
            throw .invalidCatalog(path: path, reason: Self.olderCatalog(path, file) ?? refusal)
        }
        if case .sqlite(let header) = file, !header.isWhole {
            let expected = header.pageSize * (header.pageCount ?? 0)
            throw .invalidCatalog(path: path, reason: "cut short: \(header.fileSize) bytes of \(expected)")
        }
    }

    /// Opens the file `prepare` judged read-only, then checks that it is a whole catalog with
    /// these settings. Nothing is written, whatever the file is.
    private func openExisting() throws(CatalogError) -> DatabaseQueue {
        let queue: DatabaseQueue
        let inspection: CatalogSchema.Inspection
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.label = "PhotoCatalog"
            // The shared lock is taken once and kept: otherwise SQLite takes and drops it around
            // every query, with a look for a hot journal and at the change counter each time
            // (five system calls, more than a row's counts cost to read). Other readers are not
            // kept out, and nothing writes a catalog once built.
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE") }
            queue = try DatabaseQueue(path: path, configuration: configuration)
            inspection = try queue.read(CatalogSchema.inspect)
        } catch {
            throw .invalidCatalog(path: path, reason: Catalog.reason(error))
        }
        let expected = CatalogSchema.Inspection(generator)
        guard inspection == expected else {
            try? queue.close()
            throw .invalidCatalog(path: path, reason: "built as \(inspection), expected \(expected)")
        }
        return queue
    }

    /// What to say about an unmarked catalog from an older vmsh (schema 1 had no mark), found by
    /// a read-only look at its `meta` table; nil for anything else. A database in WAL mode is
    /// not looked into: reading it could create files beside it.
    private static func olderCatalog(_ path: String, _ file: ExistingFile) -> String? {
        guard case .sqlite(let header) = file, header.applicationID == 0, !header.isWAL else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return nil }
        defer { try? queue.close() }
        let version = try? queue.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'schema_version'")
        }
        guard let version else { return nil }
        return "a photo catalog from an older vmsh (schema \(version)); vmsh leaves it unchanged: "
            + "delete it to have it rebuilt, or name a new file"
    }

    private func makeInMemory() throws(CatalogError) -> DatabaseQueue {
        do {
            let queue = try DatabaseQueue()
            try queue.write { db in try CatalogSchema.populate(db, generator: generator) }
            return queue
        } catch {
            throw .cannotCreate(path: Catalog.memoryPath, reason: Catalog.reason(error))
        }
    }

    /// Generates the catalog into a temporary file beside `path` and publishes it under that
    /// name; false when another process published one first.
    private func build() throws(CatalogError) -> Bool {
        let temporary = try creating { () throws(CannotCreateFile) in try DataFiles.makeTemporaryFile(beside: path) }
        do {
            let queue = try DatabaseQueue(path: temporary)
            // Nobody else can see this file yet: no journal, no syncing until the end.
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = OFF")
                try db.execute(sql: "PRAGMA synchronous = OFF")
                try db.execute(sql: "PRAGMA cache_size = -65536")
            }
            try queue.write { db in try CatalogSchema.populate(db, generator: generator, progress: progress) }
            try queue.close()
        } catch {
            DataFiles.remove(temporary)
            throw .cannotCreate(path: path, reason: Catalog.reason(error))
        }
        return try creating { () throws(CannotCreateFile) in try DataFiles.publish(temporary, to: path) }
    }

    /// Runs a step of making the file, its failure said as the catalog's.
    private func creating<T>(_ step: () throws(CannotCreateFile) -> T) throws(CatalogError) -> T {
        do throws(CannotCreateFile) {
            return try step()
        } catch {
            throw .cannotCreate(path: error.path, reason: error.reason)
        }
    }
}
