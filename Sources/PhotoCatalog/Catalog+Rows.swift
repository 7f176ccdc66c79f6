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
            let id = try row.text(0, "id")
            do throws(WrongType) {
                photos.append(
                    Photo(
                        id: id, title: try row.text(1, "title"), owner: try row.text(2, "owner"),
                        ownerName: try row.text(3, "owner_name"), secret: try row.text(4, "secret"),
                        server: try row.text(5, "server")))
            } catch {
                throw WrongType(column: "photo \(id)'s \(error.column)", found: error.found, expected: error.expected)
            }
        }
        return photos
    }

    static func record(_ row: Row) throws(WrongType) -> CatalogRecord {
        let id = try row.text("id")
        do throws(WrongType) {
            return CatalogRecord(
                id: id, title: try row.text("title"), tags: try row.text("tags").split(separator: " ").map(String.init),
                owner: try row.text("owner"), ownerName: try row.text("owner_name"), secret: try row.text("secret"),
                server: try row.text("server"), views: try row.integer("views"),
                favorites: try row.integer("favorites"), comments: try row.integer("comments"),
                taken: try row.integer("taken"), posted: try row.integer("posted"),
                description: try row.text("description"), interestingness: try row.real("interestingness"))
        } catch {
            throw WrongType(column: "photo \(id)'s \(error.column)", found: error.found, expected: error.expected)
        }
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error)" }
        return "\(error)"
    }
}
