import DataTestSupport
import Foundation
import PhotoModel
import XCTest

@testable import PhotoCatalog

/// SQLite's typing lets any column hold any type under the catalog's own schema: each value of
/// the wrong type is one line naming the file, never a trap, and the rest of the catalog serves.
@MainActor
final class CatalogWrongTypeTests: XCTestCase {
    private let count = 300

    /// A catalog of `count` photos whose file then had `sql` run on it.
    private func catalog(_ name: String, _ sql: String) throws -> (Catalog, String, TemporaryDirectory) {
        let directory = TemporaryDirectory("wrong-\(name)")
        let path = directory.path + "/catalog.sqlite"
        // Closed before the change: an open catalog keeps its read lock.
        do { _ = try Catalog(path: path, count: count) }
        try SQLiteFile.execute(path: path, sql: sql)
        return (try Catalog(path: path, count: count), path, directory)
    }

    private func assertOneLine(
        _ body: () throws -> some Any, naming path: String, saying words: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix(path), text, file: file, line: line)
            XCTAssertTrue(text.contains(words), text, file: file, line: line)
            XCTAssertFalse(text.contains("\n"), text, file: file, line: line)
        }
    }

    private func id(_ catalog: Catalog, number: Int) throws -> String {
        try XCTUnwrap(catalog.textForTesting("SELECT id FROM photos WHERE number = \(number)"))
    }

    func testATitleOfInvalidUTF8IsOneLineAndTheOtherPhotosServe() async throws {
        let (catalog, path, directory) = try catalog("title", "UPDATE photos SET title = x'fffec3' WHERE number = 1")
        defer { directory.remove() }
        let first = try id(catalog, number: 1)
        assertOneLine(
            { try catalog.record(photoID: first) }, naming: path, saying: "title holds bytes that are not UTF-8")
        assertOneLine({ try catalog.popular(limit: 5) }, naming: path, saying: "\(first)'s title")
        XCTAssertEqual(try catalog.record(photoID: try id(catalog, number: 2)).id, try id(catalog, number: 2))
    }

    func testCountsStoredAsTextOrBlobsAreOneLineEach() async throws {
        let (catalog, path, directory) = try catalog(
            "counts",
            "UPDATE photos SET views = 'many' WHERE number = 1; UPDATE photos SET favorites = x'01' WHERE number = 2;"
                + "UPDATE photos SET comments = 'none' WHERE number = 3")
        defer { directory.remove() }
        let (one, two, three) = (try id(catalog, number: 1), try id(catalog, number: 2), try id(catalog, number: 3))
        assertOneLine({ try catalog.record(photoID: one) }, naming: path, saying: "views holds text")
        assertOneLine({ try catalog.record(photoID: two) }, naming: path, saying: "favorites holds a blob")
        assertOneLine({ try catalog.counts(photoID: two) }, naming: path, saying: "\(two)'s favorites")
        assertOneLine({ try catalog.counts(photoID: three) }, naming: path, saying: "\(three)'s comments")
        XCTAssertNoThrow(try catalog.counts(photoID: try id(catalog, number: 4)))
        XCTAssertNoThrow(try catalog.record(photoID: try id(catalog, number: 4)))
    }

    /// The three most used words of a fresh catalog: whatever the generator's vocabulary holds.
    private func commonWords() throws -> [String] {
        let directory = TemporaryDirectory("wrong-common")
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.path + "/catalog.sqlite", count: count)
        let words = try catalog.words().map(\.word).filter { $0.count >= 4 && $0.allSatisfy(\.isLetter) }
        return Array(words.prefix(3))
    }

    func testAWordOfInvalidUTF8OrACountOfTheWrongTypeInTheIndexIsOneLine() async throws {
        let words = try commonWords()
        let (catalog, path, directory) = try catalog(
            "words",
            "INSERT INTO term_counts (term, photos) VALUES (x'ff61', 3);"
                + "UPDATE term_counts SET photos = 'lots' WHERE term = '\(words[0])';"
                + "UPDATE term_counts SET photos = x'00' WHERE term = '\(words[1])';"
                + "UPDATE form_counts SET photos = 'some' WHERE forms = (SELECT forms FROM form_counts WHERE "
                + words.map { "' ' || forms || ' ' NOT LIKE '% \($0) %'" }.joined(separator: " AND ")
                + " ORDER BY forms LIMIT 1)")
        defer { directory.remove() }
        assertOneLine({ try catalog.words() }, naming: path, saying: "holds")
        assertOneLine(
            { try catalog.search(text: words[0]) }, naming: path, saying: "\"\(words[0])\" in term_counts holds text")
        assertOneLine({ try catalog.search(text: words[1]) }, naming: path, saying: "holds a blob")
        // A one-word total of several forms is read by its type too.
        let forms = try XCTUnwrap(catalog.textForTesting("SELECT forms FROM form_counts WHERE photos = 'some'"))
        let word = try XCTUnwrap(forms.split(separator: " ").first.map(String.init))
        assertOneLine({ try catalog.search(text: word) }, naming: path, saying: "in form_counts holds text")
        // The rest of the index serves: other words, and near words (which pass the bad ones by).
        XCTAssertGreaterThan(try catalog.search(text: words[2]).total, 0)
        XCTAssertTrue(try catalog.nearWords(to: words[2] + "q").contains(words[2]))
    }

    func testANullWordInAnIndexWithoutItsConstraintIsOneLine() async throws {
        let words = try commonWords()
        // A catalog whose index table was made without NOT NULL: the schema check reads only names.
        let (catalog, path, directory) = try catalog(
            "null",
            "CREATE TABLE loose (term TEXT PRIMARY KEY, photos INTEGER);"
                + "INSERT INTO loose SELECT term, photos FROM term_counts; INSERT INTO loose VALUES ('zzz', NULL);"
                + "INSERT INTO loose VALUES (NULL, 4);"
                + "DROP TABLE term_counts; ALTER TABLE loose RENAME TO term_counts")
        defer { directory.remove() }
        assertOneLine({ try catalog.words() }, naming: path, saying: "holds NULL")
        XCTAssertGreaterThan(try catalog.search(text: words[0]).total, 0)
        XCTAssertTrue(try catalog.nearWords(to: words[0] + "q").contains(words[0]))
    }
}
