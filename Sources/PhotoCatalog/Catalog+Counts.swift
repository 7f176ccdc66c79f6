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
    /// statement is prepared once and kept, the read opens no transaction (see `read`), and the
    /// two numbers are read straight from the statement rather than from a copied row.
    func counts(photoID: String) throws -> Counts {
        let counts = try read { db in
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT favorites, comments FROM photos WHERE id = ?"), arguments: [photoID])
            return try rows.next().map { Counts(favorites: $0[0], comments: $0[1]) }
        }
        guard let counts else { throw ModelError.photoNotFound(photoID) }
        return counts
    }
}
