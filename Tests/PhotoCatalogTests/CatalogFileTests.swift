import DataTestSupport
import Foundation
import LocalFiles
import PhotoModel
import XCTest

@testable import PhotoCatalog
@testable import StateStore

@MainActor
final class CatalogFileTests: XCTestCase {
    private let count = 300

    private func assertInvalid(
        _ path: String, count: Int? = nil, seed: UInt64 = 1, reason: String? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertThrowsError(try Catalog(path: path, seed: seed, count: count ?? self.count), file: file, line: line) {
            error in
            guard case .invalidCatalog(let errorPath, let errorReason) = error as? CatalogError else {
                return XCTFail("expected invalidCatalog, got \(error)", file: file, line: line)
            }
            XCTAssertEqual(errorPath, path, file: file, line: line)
            if let reason {
                XCTAssertTrue(errorReason.contains(reason), "\(errorReason) lacks \(reason)", file: file, line: line)
            }
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix(path), text, file: file, line: line)
            XCTAssertFalse(text.contains("\n"), text, file: file, line: line)
        }
    }

    func testSecondOpenReusesTheFile() async throws {
        let directory = TemporaryDirectory("reuse")
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        do {
            // Closed before the marker is written: an open catalog keeps its read lock.
            let first = try Catalog(path: path, count: count)
            XCTAssertTrue(first.wasGenerated)
        }
        let firstInode = inode(path)
        try SQLiteFile.execute(
            path: path, sql: "INSERT INTO meta (key, value) VALUES ('test-marker', 'still here')")

        let second = try Catalog(path: path, count: count)
        XCTAssertFalse(second.wasGenerated)
        XCTAssertEqual(try second.textForTesting("SELECT value FROM meta WHERE key = 'test-marker'"), "still here")
        XCTAssertEqual(inode(path), firstInode, "not rebuilt and renamed")
        XCTAssertEqual(try second.contentDigest(), CatalogGenerator(seed: 1, count: count).generate().contentDigest())
        XCTAssertEqual(try second.textForTesting("SELECT value FROM meta WHERE key = 'schema_version'"), "3")
        XCTAssertEqual(try second.textForTesting("PRAGMA application_id"), String(VMSHMark.catalog))
    }

    func testNewFilesAreOwnerOnlyWhateverTheUmask() async throws {
        let directory = TemporaryDirectory("permissions")
        defer { directory.remove() }
        let path = directory.path + "/data/vmsh/catalog.sqlite"
        let previous = umask(0)
        defer { umask(previous) }
        _ = try Catalog(path: path, count: count, createDirectories: true)
        XCTAssertEqual(permissions(path), 0o600)
        XCTAssertEqual(permissions(directory.path + "/data/vmsh"), 0o700)
        XCTAssertEqual(permissions(directory.path + "/data"), 0o700)
        XCTAssertEqual(directory.contents(), ["data"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path + "/data/vmsh"), ["catalog.sqlite"],
            "no temporary file left")
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

    func testANamedFileVmshDidNotMakeIsRefusedAndLeftAsItWas() async throws {
        let directory = TemporaryDirectory("foreign")
        defer { directory.remove() }
        let stateFile = directory.path + "/state.sqlite"
        _ = try StateDatabase(path: stateFile)
        let cases =
            try foreignFiles(in: directory, stateSchema: StateFile.createTable) + [
                ("a vmsh state database", stateFile, "not a photo catalog")
            ]
        for (name, path, reason) in cases {
            let before = try snapshot(path)
            assertInvalid(path, reason: reason)
            XCTAssertEqual(try snapshot(path), before, "\(name) changed")
            XCTAssertEqual(directory.contents().filter { $0.hasPrefix(".") }, [], "\(name): no temporary file left")
        }
    }

    /// What vmsh does at start: a missing catalog is built, an existing one judged by its header
    /// alone (the settings it was built with show only once it is opened, at the first search).
    func testPrepareBuildsAMissingCatalogAndJudgesAnExistingOneByItsHeader() async throws {
        let directory = TemporaryDirectory("prepare")
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        XCTAssertTrue(try Catalog.prepare(path: path, count: count))
        XCTAssertFalse(try Catalog.prepare(path: path, count: count))
        XCTAssertFalse(try Catalog(path: path, count: count).wasGenerated)
        XCTAssertFalse(try Catalog.prepare(path: path, seed: 2, count: count))
        assertInvalid(path, seed: 2, reason: "seed 1")
        XCTAssertFalse(try Catalog.prepare(path: Catalog.memoryPath, count: count), "memory is made when opened")

        let truncated = directory.path + "/truncated.sqlite"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        for (name, foreign, reason) in try foreignFiles(in: directory, stateSchema: StateFile.createTable) + [
            ("cut short", truncated, "cut short")
        ] {
            let before = try snapshot(foreign)
            XCTAssertThrowsError(try Catalog.prepare(path: foreign, count: count), name) { error in
                XCTAssertTrue("\(error)".contains(reason), "\(name): \(error)")
            }
            XCTAssertEqual(try snapshot(foreign), before, "\(name) changed")
        }
    }

    func testADeviceIsRefusedAndItsModeKept() async throws {
        let before = permissions("/dev/null")
        assertInvalid("/dev/null", reason: "a device")
        XCTAssertEqual(permissions("/dev/null"), before)
    }

    func testANamedPathsFolderMustExist() async throws {
        let directory = TemporaryDirectory("nofolder")
        defer { directory.remove() }
        let path = directory.path + "/missing/deeper/catalog.sqlite"
        XCTAssertThrowsError(try Catalog(path: path, count: count)) { error in
            XCTAssertEqual(
                error as? CatalogError,
                .cannotCreate(
                    path: path, reason: "the folder \(directory.path)/missing/deeper does not exist; create it first"))
        }
        XCTAssertEqual(directory.contents(), [], "no folder created")
    }

    func testTheIntegrityCheckRunsOnDemand() async throws {
        let directory = TemporaryDirectory("check")
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        XCTAssertEqual(try Catalog(path: path, count: count).check(), [])
        XCTAssertEqual(try Catalog(path: Catalog.memoryPath, count: count).check(), [])
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

    func testADamagedPageIsFoundByTheCheck() async throws {
        let directory = TemporaryDirectory("damaged")
        defer { directory.remove() }
        let path = directory.path + "/catalog.sqlite"
        _ = try Catalog(path: path, count: count)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Scribble over the middle of the file, leaving the header intact.
        for offset in stride(from: bytes.count / 3, to: bytes.count * 2 / 3, by: 1) { bytes[offset] = 0xFF }
        try bytes.write(to: URL(fileURLWithPath: path))
        // Opening reads only a few pages, so the damage may show then or only in the check.
        do {
            let catalog = try Catalog(path: path, count: count)
            XCTAssertFalse(try catalog.check().isEmpty)
        } catch {
            guard case .invalidCatalog(let errorPath, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(errorPath, path)
        }
    }

    func testAnotherSchemaIsATypedError() async throws {
        let directory = TemporaryDirectory("schema")
        defer { directory.remove() }
        let other = directory.path + "/other.sqlite"
        try SQLiteFile.execute(path: other, sql: "CREATE TABLE notes (body TEXT)")
        assertInvalid(other, reason: "a SQLite database vmsh did not make")
        let unmarked = directory.path + "/unmarked.sqlite"
        _ = try Catalog(path: unmarked, count: count)
        try SQLiteFile.execute(path: unmarked, sql: "PRAGMA application_id = 0")
        assertInvalid(unmarked, reason: "a photo catalog from an older vmsh (schema 3)")
        let older = directory.path + "/older.sqlite"
        try SQLiteFile.execute(
            path: older,
            sql: """
                CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                INSERT INTO meta VALUES ('schema_version', '1')
                """)
        let before = try snapshot(older)
        assertInvalid(older, reason: "an older vmsh (schema 1); vmsh leaves it unchanged: delete it")
        XCTAssertEqual(try snapshot(older), before)

        let old = directory.path + "/old.sqlite"
        _ = try Catalog(path: old, count: count)
        try SQLiteFile.execute(path: old, sql: "UPDATE meta SET value = '0' WHERE key = 'schema_version'")
        assertInvalid(old, reason: "schema version 0")

        // A schema-2 catalog (before form_counts) is named by its version, not by the table it lacks.
        let second = directory.path + "/schema-2.sqlite"
        _ = try Catalog(path: second, count: count)
        try SQLiteFile.execute(
            path: second,
            sql: "DROP TABLE form_counts; UPDATE meta SET value = '2' WHERE key = 'schema_version'")
        assertInvalid(second, reason: "schema version 2, expected 3: made by another vmsh")

        let altered = directory.path + "/altered.sqlite"
        _ = try Catalog(path: altered, count: count)
        try SQLiteFile.execute(path: altered, sql: "ALTER TABLE photos ADD COLUMN extra TEXT")
        assertInvalid(altered, reason: "columns")

        let short = directory.path + "/short.sqlite"
        _ = try Catalog(path: short, count: count)
        try SQLiteFile.execute(path: short, sql: "DELETE FROM photos WHERE number = \(count)")
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

    /// The data, config and state folders: one rule for the catalog, the state, the key and the history.
    func testEveryXDGDirectoryFollowsOneRule() {
        let cases: [(XDGDirectory, String, String)] = [
            (.data, "XDG_DATA_HOME", "/h/.local/share"), (.config, "XDG_CONFIG_HOME", "/h/.config"),
            (.state, "XDG_STATE_HOME", "/h/.local/state"),
        ]
        for (directory, variable, underHome) in cases {
            XCTAssertEqual(directory.path(of: "f", environment: [variable: "/x/", "HOME": "/h"]), "/x/vmsh/f")
            XCTAssertEqual(
                directory.path(of: "f", environment: [variable: "rel", "HOME": "/h//"]), underHome + "/vmsh/f")
            XCTAssertEqual(directory.path(of: "f", environment: ["HOME": "/h"]), underHome + "/vmsh/f")
            XCTAssertNil(directory.path(of: "f", environment: ["HOME": "relative"]))
            XCTAssertNil(directory.path(of: "f", environment: [:]))
        }
    }

    func testDefaultPathFollowsXDG() async throws {
        let share = "/home/u/.local/share/vmsh/"
        XCTAssertEqual(
            try Catalog.defaultPath(environment: ["XDG_DATA_HOME": "/x/data/", "HOME": "/home/u"]),
            "/x/data/vmsh/catalog-v3-seed1.sqlite")
        XCTAssertEqual(
            try Catalog.defaultPath(seed: 7, environment: ["HOME": "/home/u"]), share + "catalog-v3-seed7.sqlite")
        XCTAssertEqual(
            try Catalog.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]),
            share + "catalog-v3-seed1.sqlite")
        XCTAssertEqual(
            try Catalog.defaultPath(count: 500, environment: ["HOME": "/home/u"]),
            share + "catalog-v3-seed1-count500.sqlite")
        XCTAssertEqual(
            try Catalog.defaultPath(count: 500, vocabulary: .zipf, environment: ["HOME": "/home/u"]),
            share + "catalog-v3-seed1-size500.sqlite")
        XCTAssertThrowsError(try Catalog.defaultPath(environment: [:])) {
            XCTAssertEqual($0 as? CatalogError, .noDataDirectory)
        }
    }

    func testOpenDefaultCreatesTheDataDirectory() async throws {
        let directory = TemporaryDirectory("xdg")
        defer { directory.remove() }
        let catalog = try Catalog.openDefault(count: count, environment: ["XDG_DATA_HOME": directory.path])
        XCTAssertEqual(catalog.path, directory.path + "/vmsh/catalog-v3-seed1-count\(count).sqlite")
        XCTAssertEqual(permissions(directory.path + "/vmsh"), 0o700)
        XCTAssertEqual(permissions(catalog.path), 0o600)
        XCTAssertFalse(
            try Catalog.openDefault(count: count, environment: ["XDG_DATA_HOME": directory.path]).wasGenerated)
    }

    func testRowsAreStoredMostInterestingFirstTiesByAscendingId() async throws {
        let keys: [(Double, String)] = [(1, "10000000003"), (2, "10000000009"), (1, "10000000001"), (2, "10000000002")]
        XCTAssertEqual(CatalogGenerator.interestOrder(keys), [3, 1, 2, 0])
        let catalog = try Catalog(path: Catalog.memoryPath, count: count)
        let records = CatalogGenerator(seed: 1, count: count).generate()
        let expected = sortedByInterest(records)
        XCTAssertEqual(try catalog.popular(limit: count).map(\.id), expected.map(\.id))
    }

    func testConcurrentOpenersAllSeeACompleteCatalog() async throws {
        let directory = TemporaryDirectory("concurrent")
        defer { directory.remove() }
        let path = directory.path + "/vmsh/catalog.sqlite"
        let results = Results()
        let count = self.count
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let catalog = try Catalog(path: path, count: count, createDirectories: true)
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
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path + "/vmsh"), ["catalog.sqlite"])
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
