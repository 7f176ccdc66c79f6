import GRDB
import PhotoModel

/// Rows of the `photos` table as model values, and database errors as one-line reasons.
extension Catalog {
    /// The columns a `Photo` is made of, in the order `photos(_:arguments:)` reads them.
    static let photoColumns = "id, title, owner, owner_name, secret, server"

    /// The photos a statement selects (`photoColumns`, in that order), read by position: a
    /// search reads a page of them, and looking each column up by name cost more than the query.
    static func photos(_ statement: Statement, arguments: StatementArguments) throws -> [Photo] {
        var photos: [Photo] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            photos.append(
                Photo(id: row[0], title: row[1], owner: row[2], ownerName: row[3], secret: row[4], server: row[5]))
        }
        return photos
    }

    static func record(_ row: Row) -> CatalogRecord {
        let tags: String = row["tags"]
        return CatalogRecord(
            id: row["id"], title: row["title"], tags: tags.split(separator: " ").map(String.init),
            owner: row["owner"], ownerName: row["owner_name"], secret: row["secret"], server: row["server"],
            views: row["views"], favorites: row["favorites"], comments: row["comments"],
            taken: row["taken"], posted: row["posted"], description: row["description"],
            interestingness: row["interestingness"]
        )
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error)" }
        return "\(error)"
    }
}
