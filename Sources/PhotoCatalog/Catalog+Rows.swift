import GRDB
import PhotoModel

/// Rows of the `photos` table as model values, and database errors as one-line reasons.
extension Catalog {
    static func photo(_ row: Row) -> Photo {
        Photo(
            id: row["id"], title: row["title"], owner: row["owner"], ownerName: row["owner_name"],
            secret: row["secret"], server: row["server"])
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
