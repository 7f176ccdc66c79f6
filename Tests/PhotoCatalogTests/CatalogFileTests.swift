import Foundation
import XCTest
@testable import PhotoCatalog

@MainActor
final class CatalogFileTests: XCTestCase {
    private let count = 300

    private func assertInvalid(_ path: String, count: Int? = nil, seed: UInt64 = 1, reason: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Catalog(path: path, seed: seed, count: count ?? self.count), file: file, line: line) { error in
            guard case .invalidCatalog(let errorPath, let errorReason) = error as? CatalogError else {
                return XCTFail("expected invalidCatalog, got \(error)", file: file, line: line)
            }
            XCTAssertEqual(errorPath, path, file: file, line: line)
            if let reason { XCTAssertTrue(errorReason.contains(reason), "\(errorReason) lacks \(reason)", file: file, line: line) }
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix(path), text, file: file, line: line)
            XCTAssertFalse(text.contains("\n"), text, file: file, line: line)
        }
    }

    func testSecondOpenReusesTheFile() async throws {
        let directory = TemporaryDirectory("reuse")
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        let first = try Catalog(path: path, count: count)
        XCTAssertTrue(first.wasGenerated)
        let firstInode = inode(path)
        try Catalog.executeForTesting(path: path, sql: "INSERT INTO meta (key, value) VALUES ('test-marker', 'still here')")

        let second = try Catalog(path: path, count: count)
        XCTAssertFalse(second.wasGenerated)
        XCTAssertEqual(try second.textForTesting("SELECT value FROM meta WHERE key = 'test-marker'"), "still here")
        XCTAssertEqual(inode(path), firstInode, "not rebuilt and renamed")
        XCTAssertEqual(try second.contentDigest(), CatalogGenerator(seed: 1, count: count).generate().contentDigest())
        XCTAssertEqual(try second.textForTesting("SELECT value FROM meta WHERE key = 'schema_version'"), "1")
    }

    func testNewFilesAreOwnerOnlyWhateverTheUmask() async throws {
        let directory = TemporaryDirectory("permissions")
        defer { directory.remove() }
        let path = directory.path + "/data/vmsh/catalog.sqlite"
        let previous = umask(0)
        defer { umask(previous) }
        _ = try Catalog(path: path, count: count)
        XCTAssertEqual(permissions(path), 0o600)
        XCTAssertEqual(permissions(directory.path + "/data/vmsh"), 0o700)
        XCTAssertEqual(permissions(directory.path + "/data"), 0o700)
        XCTAssertEqual(directory.contents(), ["data"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/data/vmsh"), ["catalog.sqlite"], "no temporary file left")
    }

    func testATemporaryNameInUseIsSkipped() async throws {
        let directory = TemporaryDirectory("tempname")
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        // Another build of this process (or a crashed one with our pid) holds the first name.
        let taken = directory.path + "/.catalog.sqlite.\(getpid()).0.tmp"
        _ = FileManager.default.createFile(atPath: taken, contents: Data("busy".utf8))
        let catalog = try Catalog(path: path, count: count)
        XCTAssertTrue(catalog.wasGenerated)
        XCTAssertEqual(try String(contentsOfFile: taken, encoding: .utf8), "busy", "left alone")
        XCTAssertEqual(directory.contents(), [".catalog.sqlite.\(getpid()).0.tmp", "catalog.sqlite"])
    }

    func testAnEmptyFileIsFilled() async throws {
        let directory = TemporaryDirectory("empty")
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let catalog = try Catalog(path: path, count: count)
        XCTAssertTrue(catalog.wasGenerated)
        XCTAssertEqual(try catalog.search(text: "the").total > 0, true)
    }

    func testAFileThatIsNotSQLiteIsATypedError() async throws {
        let directory = TemporaryDirectory("notsqlite")
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x41, count: 5_000))
        assertInvalid(path, reason: "not a database")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(repeating: 0x41, count: 5_000), "left untouched")
    }

    func testATruncatedCatalogIsATypedError() async throws {
        let directory = TemporaryDirectory("truncated")
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        _ = try Catalog(path: path, count: count)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        assertInvalid(path)
    }

    func testADamagedPageIsATypedError() async throws {
        let directory = TemporaryDirectory("damaged")
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        _ = try Catalog(path: path, count: count)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Scribble over the middle of the file, leaving the header intact.
        for offset in stride(from: bytes.count / 3, to: bytes.count * 2 / 3, by: 1) { bytes[offset] = 0xFF }
        try bytes.write(to: URL(fileURLWithPath: path))
        assertInvalid(path)
    }

    func testAnotherSchemaIsATypedError() async throws {
        let directory = TemporaryDirectory("schema")
        defer { directory.remove() }
        let other = directory.path + "/other.sqlite"
        try Catalog.executeForTesting(path: other, sql: "CREATE TABLE notes (body TEXT)")
        assertInvalid(other, reason: "no meta table")

        let old = directory.path + "/old.sqlite"
        _ = try Catalog(path: old, count: count)
        try Catalog.executeForTesting(path: old, sql: "UPDATE meta SET value = '0' WHERE key = 'schema_version'")
        assertInvalid(old, reason: "schema version 0")

        let altered = directory.path + "/altered.sqlite"
        _ = try Catalog(path: altered, count: count)
        try Catalog.executeForTesting(path: altered, sql: "ALTER TABLE photos ADD COLUMN extra TEXT")
        assertInvalid(altered, reason: "columns")

        let short = directory.path + "/short.sqlite"
        _ = try Catalog(path: short, count: count)
        try Catalog.executeForTesting(path: short, sql: "DELETE FROM photos WHERE number = 1")
        assertInvalid(short, reason: "\(count - 1) photos")
    }

    func testAnotherSeedOrCountIsATypedError() async throws {
        let directory = TemporaryDirectory("settings")
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        _ = try Catalog(path: path, count: count)
        assertInvalid(path, seed: 2, reason: "seed 1")
        assertInvalid(path, count: count + 1, reason: "\(count) photos")
    }

    func testUncreatableLocationIsATypedError() async throws {
        let directory = TemporaryDirectory("blocked")
        defer { directory.remove() }
        _ = FileManager.default.createFile(atPath: directory.path + "/file", contents: Data())
        let path = directory.path + "/file/catalog.sqlite"
        XCTAssertThrowsError(try Catalog(path: path, count: count)) { error in
            guard case .cannotCreate(let errorPath, _) = error as? CatalogError else { return XCTFail("\(error)") }
            XCTAssertEqual(errorPath, path)
        }
    }

    func testDefaultPathFollowsXDG() async throws {
        XCTAssertEqual(try Catalog.defaultPath(environment: ["XDG_DATA_HOME": "/x/data/", "HOME": "/home/u"]), "/x/data/vmsh/catalog-v1-seed1.sqlite")
        XCTAssertEqual(try Catalog.defaultPath(seed: 7, environment: ["HOME": "/home/u"]), "/home/u/.local/share/vmsh/catalog-v1-seed7.sqlite")
        XCTAssertEqual(try Catalog.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]), "/home/u/.local/share/vmsh/catalog-v1-seed1.sqlite")
        XCTAssertEqual(try Catalog.defaultPath(count: 500, environment: ["HOME": "/h"]), "/h/.local/share/vmsh/catalog-v1-seed1-count500.sqlite")
        XCTAssertThrowsError(try Catalog.defaultPath(environment: [:])) { XCTAssertEqual($0 as? CatalogError, .noDataDirectory) }
    }

    func testOpenDefaultCreatesTheDataDirectory() async throws {
        let directory = TemporaryDirectory("xdg")
        defer { directory.remove() }
        let catalog = try Catalog.openDefault(count: count, environment: ["XDG_DATA_HOME": directory.path])
        XCTAssertEqual(catalog.path, directory.path + "/vmsh/catalog-v1-seed1-count\(count).sqlite")
        XCTAssertEqual(permissions(directory.path + "/vmsh"), 0o700)
        XCTAssertEqual(permissions(catalog.path), 0o600)
        XCTAssertFalse(try Catalog.openDefault(count: count, environment: ["XDG_DATA_HOME": directory.path]).wasGenerated)
    }

    func testTiesAreBrokenByAscendingId() async throws {
        let directory = TemporaryDirectory("ties")
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        _ = try Catalog(path: path, count: count)
        // Fifty photos tie at the top; their new ids run opposite to their row order, so only
        // an id tie-break (not row order) sorts them ascending. Title and tags stay, so the
        // full-text index is still right.
        try Catalog.executeForTesting(path: path, sql: """
            UPDATE photos SET interestingness = 1000, id = printf('%011d', 90000000000 - number) WHERE number <= 50
            """)
        let catalog = try Catalog(path: path, count: count)
        let tied = try catalog.popular(limit: 50).map(\.id)
        XCTAssertEqual(tied.count, 50)
        XCTAssertEqual(tied, tied.sorted())
        XCTAssertEqual(tied.first, "89999999950")

        let firstFifty = CatalogGenerator(seed: 1, count: count).generate().prefix(50)
        let word = "the"
        let expected = firstFifty.enumerated()
            .filter { words(of: $0.element).contains(word) }
            .map { String(90_000_000_000 - ($0.offset + 1)) }
            .sorted()
        XCTAssertGreaterThan(expected.count, 1)
        XCTAssertEqual(try catalog.search(text: word, limit: expected.count).photos.map(\.id), expected)
    }

    func testConcurrentOpenersAllSeeACompleteCatalog() async throws {
        let directory = TemporaryDirectory("concurrent")
        defer { directory.remove() }
        let path = directory.path + "/vmsh/catalog.sqlite"
        let results = Results()
        let count = self.count
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let catalog = try Catalog(path: path, count: count)
                results.append(.success((try catalog.contentDigest(), catalog.wasGenerated)))
            } catch {
                results.append(.failure(error))
            }
        }
        let expected = CatalogGenerator(seed: 1, count: count).generate().contentDigest()
        let outcomes = results.all
        XCTAssertEqual(outcomes.count, 4)
        for outcome in outcomes {
            switch outcome {
            case .success(let (digest, _)): XCTAssertEqual(digest, expected)
            case .failure(let error): XCTFail("\(error)")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/vmsh"), ["catalog.sqlite"])
    }
}

/// Outcomes collected from several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Result<(String, Bool), any Error>] = []

    func append(_ outcome: Result<(String, Bool), any Error>) {
        lock.lock()
        outcomes.append(outcome)
        lock.unlock()
    }

    var all: [Result<(String, Bool), any Error>] {
        lock.lock()
        defer { lock.unlock() }
        return outcomes
    }
}
