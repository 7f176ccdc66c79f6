import GRDB

@testable import PhotoCatalog

/// Digests of every field of every photo, so a test can pin the generator's output and show
/// that a file holds exactly what the generator made: same digest, byte-identical rows.
extension CatalogRecord {
    /// Adds this record to a digest in a fixed, exact form (doubles by bit pattern), so two
    /// catalogs digest equal only if every field is byte-identical.
    func digest(into hasher: inout FNV1a) {
        let fields = [
            id, title, tags.joined(separator: " "), owner, ownerName, secret, server,
            String(views), String(favorites), String(comments), String(taken), String(posted),
            description, hexDigits(interestingness.bitPattern, width: 16),
        ]
        for field in fields {
            hasher.combine(field)
            hasher.combine(bytes: [0x1F])
        }
        hasher.combine(bytes: [0x1E])
    }
}

extension Sequence where Element == CatalogRecord {
    /// A digest of all records in order: 16 hex digits.
    func contentDigest() -> String {
        var hasher = FNV1a()
        for record in self { record.digest(into: &hasher) }
        return hexDigits(hasher.value, width: 16)
    }
}

extension Catalog {
    /// A digest of every stored row in id order, equal to the generator's `contentDigest()` for
    /// the same settings.
    func contentDigest() throws -> String {
        try read { db in
            var hasher = FNV1a()
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM photos ORDER BY id")
            while let row = try rows.next() { try Self.record(row).digest(into: &hasher) }
            return hexDigits(hasher.value, width: 16)
        }
    }
}
