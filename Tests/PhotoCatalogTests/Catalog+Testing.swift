import GRDB

@testable import PhotoCatalog

/// A query through the catalog's own connection, for what no method reads: the file's marks
/// and settings, and the index's own counts to set beside the stored ones.
extension Catalog {
    /// The first column of the first row of `sql`, as text.
    func textForTesting(_ sql: String) throws -> String? {
        try read { db in try String.fetchOne(db, sql: sql) }
    }
}
