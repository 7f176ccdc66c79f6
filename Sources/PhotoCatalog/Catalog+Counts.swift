import GRDB
import PhotoModel

extension Catalog {
    /// A count the service reads for every row a list shows, twice a row.
    enum Count {
        case favorites, comments

        var query: String {
            switch self {
            case .favorites: "SELECT favorites FROM photos WHERE id = ?"
            case .comments: "SELECT comments FROM photos WHERE id = ?"
            }
        }
    }

    /// How many favorites or comments the photo has; `ModelError.photoNotFound` for an unknown id.
    ///
    /// The same answer as `favorites(photoID:)` and `comments(photoID:)`, for less: the statement
    /// is prepared once and kept, and the read opens no transaction. One SELECT sees one state
    /// of the database by itself, and a catalog is never written once built, so a transaction
    /// would only add its own statements to every call.
    func count(_ count: Count, photoID: String) throws -> Int {
        let value: Int?
        do {
            value = try database.unsafeRead { db in
                try Int.fetchOne(db.cachedStatement(sql: count.query), arguments: [photoID])
            }
        } catch let error as DatabaseError {
            throw CatalogError.queryFailed(path: path, reason: error.message ?? "\(error)")
        }
        guard let value else { throw ModelError.photoNotFound(photoID) }
        return value
    }
}
