import GRDB
import PhotoModel

extension Catalog {
    /// A photo's favorites and comments: what a row of the results asks for once it is visible.
    struct Counts: Equatable {
        let favorites: Int
        let comments: Int
    }

    /// Both counts of the photo in one query; `ModelError.photoNotFound` for an unknown id.
    ///
    /// The same answers as `favorites(photoID:)` and `comments(photoID:)`, for less: the
    /// statement is prepared once and kept, and the read opens no transaction. One SELECT sees
    /// one state of the database by itself, and a catalog is never written once built, so a
    /// transaction would only add its own statements to every call.
    func counts(photoID: String) throws -> Counts {
        let row: Row?
        do {
            row = try database.unsafeRead { db in
                try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT favorites, comments FROM photos WHERE id = ?"),
                    arguments: [photoID])
            }
        } catch let error as DatabaseError {
            throw CatalogError.queryFailed(path: path, reason: error.message ?? "\(error)")
        }
        guard let row else { throw ModelError.photoNotFound(photoID) }
        return Counts(favorites: row[0], comments: row[1])
    }
}
