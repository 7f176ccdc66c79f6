import DataTestSupport
import Foundation
import LocalFiles
import PhotoCatalog
import PhotoModel
import Testing

@testable import StateStore

/// The recent-search store on disk: order, cap, refresh, persistence, permissions, sharing
/// between connections, and refusing what it cannot read without damaging it.
struct StateDatabaseTests {
    static func search(_ text: String, total: Int = 5, photo: String? = "p1") -> RecentSearch {
        let first = photo.map {
            Photo(id: $0, title: "Title of \($0)", owner: "1@N01", ownerName: "Ann", secret: "s", server: "9")
        }
        return RecentSearch(searchText: text, totalResults: total, firstPhoto: first)
    }

    @Test func searchesAreNewestFirstAndLastBeyondTheConnection() throws {
        let directory = TemporaryDirectory("order")
        defer { directory.remove() }
        let path = directory.path + "/vmsh/state.sqlite"
        do {
            let store = try StateDatabase(path: path, createDirectories: true)
            #expect(try store.load().isEmpty)
            _ = try store.record(Self.search("sunset"))
            _ = try store.record(Self.search("mountain"))
            let list = try store.record(Self.search("river"))
            #expect(list.map(\.searchText) == ["river", "mountain", "sunset"])
            #expect(try store.journalModeForTesting() == "wal")
        }
        let reopened = try StateDatabase(path: path)
        #expect(try reopened.load() == [Self.search("river"), Self.search("mountain"), Self.search("sunset")])
    }

    @Test func rowsOfTheWrongTypeAreLeftOutAndTheRestServe() throws {
        // SQLite's typing lets these in under the file's own schema; GRDB's row[...] trapped on them.
        let directory = TemporaryDirectory("wrong-types")
        defer { directory.remove() }
        let path = directory.path + "/state.sqlite"
        do {
            let store = try StateDatabase(path: path)
            _ = try store.record(Self.search("sunset"))
            _ = try store.record(Self.search("mountain"))
        }
        try SQLiteFile.execute(
            path: path,
            sql: """
                INSERT INTO recent_searches (search_text, total_results, recorded) VALUES (x'ff', 3, 90);
                INSERT INTO recent_searches (search_text, total_results, recorded) VALUES ('river', 'many', 91);
                UPDATE recent_searches SET photo_title = x'fffe' WHERE search_text = 'sunset';
                """)
        let reopened = try StateDatabase(path: path)
        let loaded = try reopened.load()
        #expect(loaded.map(\.searchText) == ["mountain", "sunset"])
        #expect(loaded.last?.firstPhoto?.title == "", "a title that is not text is left empty")
        #expect(reopened.takeNotice() == "\(path): 2 recent searches of the wrong type left out")
        #expect(reopened.takeNotice() == nil, "said once")
    }

    @Test func aRepeatMovesToTheTopWithItsTotalAndFirstPhotoRefreshed() throws {
        let directory = TemporaryDirectory("repeat")
        defer { directory.remove() }
        let store = try StateDatabase(path: directory.path + "/state.sqlite")
        _ = try store.record(Self.search("sunset", total: 5, photo: "p1"))
        _ = try store.record(Self.search("mountain"))
        let list = try store.record(Self.search("sunset", total: 7, photo: "p9"))
        #expect(list == [Self.search("sunset", total: 7, photo: "p9"), Self.search("mountain")])
        #expect(try store.rowCountForTesting() == 2)
    }

    @Test func atMostTenAreKeptTheOldestGo() throws {
        let directory = TemporaryDirectory("cap")
        defer { directory.remove() }
        let store = try StateDatabase(path: directory.path + "/state.sqlite")
        for index in 1...12 { _ = try store.record(Self.search("word\(index)")) }
        #expect(try store.load().map(\.searchText) == (3...12).reversed().map { "word\($0)" })
        #expect(try store.rowCountForTesting() == RecentSearch.limit, "trimmed on disk, not only when read")
    }

    @Test func aSearchWithNoPhotosIsStoredWithoutAFirstPhoto() throws {
        let directory = TemporaryDirectory("empty")
        defer { directory.remove() }
        let path = directory.path + "/state.sqlite"
        _ = try StateDatabase(path: path).record(Self.search("zzzz", total: 0, photo: nil))
        #expect(
            try StateDatabase(path: path).load() == [RecentSearch(searchText: "zzzz", totalResults: 0, firstPhoto: nil)]
        )
    }

    @Test func theDirectoryAndEveryFileAreOwnerOnly() throws {
        let directory = TemporaryDirectory("modes")
        defer { directory.remove() }
        let path = directory.path + "/data/vmsh/state.sqlite"
        let store = try StateDatabase(path: path, createDirectories: true)
        _ = try store.record(Self.search("sunset"))
        #expect(permissions(directory.path + "/data/vmsh") == 0o700)
        #expect(permissions(directory.path + "/data") == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/data/vmsh")
        #expect(files.contains("state.sqlite-wal"), "open in WAL mode")
        for file in files { #expect(permissions(directory.path + "/data/vmsh/" + file) == 0o600, "\(file)") }
    }

    @Test func aMoreOpenVmshFileIsMadeOwnerOnly() throws {
        let directory = TemporaryDirectory("chmod")
        defer { directory.remove() }
        let path = directory.path + "/state.sqlite"
        _ = try StateDatabase(path: path)
        #expect(chmod(path, 0o644) == 0)
        _ = try StateDatabase(path: path)
        #expect(permissions(path) == 0o600)
    }

    @Test func aNewFileCarriesTheStateMark() throws {
        let directory = TemporaryDirectory("mark")
        defer { directory.remove() }
        let path = directory.path + "/state.sqlite"
        _ = try StateDatabase(path: path)
        guard case .sqlite(let header) = ExistingFile(path: path) else {
            Issue.record("not SQLite")
            return
        }
        #expect(header.applicationID == VMSHMark.state)
        #expect(header.userVersion == 1)
    }

    @Test func aFileVmshDidNotMakeIsRefusedAndLeftAsItWas() throws {
        let directory = TemporaryDirectory("foreign")
        defer { directory.remove() }
        let catalogFile = directory.path + "/catalog.sqlite"
        _ = try Catalog(path: catalogFile, count: 50)
        let cases =
            try foreignFiles(in: directory, stateSchema: StateFile.createTable) + [
                ("a vmsh catalog", catalogFile, "not a state database")
            ]
        for (name, path, reason) in cases {
            let before = try snapshot(path)
            #expect {
                try StateDatabase(path: path)
            } throws: { error in
                let text = "\(error)"
                let prefix = path + ": cannot use the state database ("
                return text.hasPrefix(prefix) && text.contains(reason) && !text.contains("\n")
            }
            #expect(try snapshot(path) == before, "\(name) changed")
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "\(name)")
        }
    }

    /// What vmsh checks at start, before it opens the file where recent searches are first used:
    /// a file marked as another program's or a newer vmsh's is refused by its header alone; an
    /// unmarked SQLite file passes, for the open to recognise (or refuse) by its schema.
    @Test func theHeaderAloneRefusesWhatIsMarkedAsSomethingElse() throws {
        let directory = TemporaryDirectory("header")
        defer { directory.remove() }
        let own = directory.path + "/state.sqlite"
        _ = try StateDatabase(path: own)
        try StateDatabase.judgeHeader(path: own)
        let newer = directory.path + "/newer.sqlite"
        _ = try StateDatabase(path: newer)
        try SQLiteFile.execute(path: newer, sql: "PRAGMA user_version = 2")
        let catalogFile = directory.path + "/catalog.sqlite"
        _ = try Catalog(path: catalogFile, count: 50)
        let cases =
            try foreignFiles(in: directory, stateSchema: StateFile.createTable) + [
                ("a vmsh catalog", catalogFile, "not a state database"),
                ("a newer vmsh's", newer, "written by a newer vmsh (schema 2, this one knows 1)"),
            ]
        for (name, path, reason) in cases {
            let before = try snapshot(path)
            if reason == "vmsh did not make" {
                try StateDatabase.judgeHeader(path: path)
                #expect(throws: StateDatabaseError.self, "\(name)") { try StateDatabase(path: path) }
            } else {
                #expect(throws: StateDatabaseError.self, "\(name)") { try StateDatabase(path: path) }
                #expect {
                    try StateDatabase.judgeHeader(path: path)
                } throws: { error in
                    "\(error)".hasPrefix(path + ": cannot use the state database (") && "\(error)".contains(reason)
                }
            }
            #expect(try snapshot(path) == before, "\(name) changed")
        }
    }

    @Test func aDeviceIsRefusedAndItsModeKept() throws {
        let before = permissions("/dev/null")
        let reason = "a device, not a file vmsh can use: name a regular file"
        #expect(throws: StateDatabaseError.cannotOpen(path: "/dev/null", reason: reason)) {
            try StateDatabase(path: "/dev/null")
        }
        #expect(permissions("/dev/null") == before)
    }

    @Test func aStateFileFromBeforeTheMarkIsAdoptedWithItsSearches() throws {
        let directory = TemporaryDirectory("legacy")
        defer { directory.remove() }
        let path = directory.path + "/state.sqlite"
        try SQLiteFile.execute(
            path: path,
            sql: """
                PRAGMA journal_mode = WAL; \(StateFile.createTable);
                INSERT INTO recent_searches (search_text, total_results, recorded) VALUES ('old search', 3, 1);
                PRAGMA user_version = 1
                """)
        #expect(chmod(path, 0o644) == 0)
        let store = try StateDatabase(path: path)
        #expect(try store.load() == [RecentSearch(searchText: "old search", totalResults: 3, firstPhoto: nil)])
        #expect(try store.applicationIDForTesting() == VMSHMark.state)
        #expect(permissions(path) == 0o600)
    }

    @Test func aNamedPathsFolderMustExist() throws {
        let directory = TemporaryDirectory("nofolder")
        defer { directory.remove() }
        let path = directory.path + "/missing/state.sqlite"
        #expect(
            throws: StateDatabaseError.cannotOpen(
                path: path, reason: "the folder \(directory.path)/missing does not exist; create it first")
        ) {
            try StateDatabase(path: path)
        }
        #expect(directory.contents().isEmpty)
    }

    @Test func anEmptyPathSaysSoWithoutAnEmptyName() throws {
        #expect {
            try StateDatabase(path: "")
        } throws: { error in
            "\(error)" == "cannot use the state database (no file named: the path is empty)"
        }
    }

    @Test func damageIsLookedForAfterAnUncleanShutdownNotOnEveryStart() throws {
        let directory = TemporaryDirectory("unclean")
        defer { directory.remove() }
        let path = directory.path + "/state.sqlite"
        do { _ = try StateDatabase(path: path).record(Self.search("sunset")) }  // closed cleanly: no log left
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        // Damage page 4, the index on `recorded`, which opening does not read.
        var bytes = try #require(FileManager.default.contents(atPath: path))
        bytes.replaceSubrange(3 * 4096..<4 * 4096, with: Data(repeating: 0xFF, count: 4096))
        try bytes.write(to: URL(fileURLWithPath: path))
        _ = try StateDatabase(path: path)  // no check on an ordinary start
        // A log left behind, as a crash leaves it: now the file is checked before use.
        #expect(FileManager.default.createFile(atPath: path + "-wal", contents: Data(repeating: 0x42, count: 100)))
        #expect {
            try StateDatabase(path: path)
        } throws: { error in
            "\(error)".contains("damaged")
        }
    }

    @Test func theIntegrityCheckRunsOnDemand() throws {
        let directory = TemporaryDirectory("check")
        defer { directory.remove() }
        let store = try StateDatabase(path: directory.path + "/state.sqlite")
        _ = try store.record(Self.search("sunset"))
        #expect(try store.check().isEmpty)
    }

    @Test func twoConnectionsRecordingAtOnceLoseNothing() throws {
        let directory = TemporaryDirectory("concurrent")
        defer { directory.remove() }
        // Two connections (as two vmsh processes have) each record five texts once, at the same
        // time: ten in all, the cap, so a lost update shows as a missing text. Repeated on fresh
        // files because one round of ten writes interleaves only a little.
        for trial in 1...20 {
            let path = directory.path + "/state\(trial).sqlite"
            let stores = [try StateDatabase(path: path), try StateDatabase(path: path)]
            let problems = Problems()
            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                for number in 1...5 {
                    let text = "w\(worker)-\(number)"
                    do {
                        let list = try stores[worker].record(Self.search(text, total: number))
                        if list.first?.searchText != text {
                            problems.add("\(text) is not on top of the list it returned")
                        }
                    } catch {
                        problems.add("\(text): \(error)")
                    }
                }
            }
            #expect(problems.all.isEmpty)
            let final = try StateDatabase(path: path).load()
            let expected = (0...1).flatMap { worker in (1...5).map { "w\(worker)-\($0)" } }
            #expect(Set(final.map(\.searchText)) == Set(expected), "trial \(trial)")
            #expect(final.allSatisfy { $0.totalResults == Int(String($0.searchText.last!)) })
        }
    }

    @Test func aCorruptFileIsRefusedInOneLineAndLeftAsItWas() throws {
        let directory = TemporaryDirectory("corrupt")
        defer { directory.remove() }
        let path = directory.path + "/state.sqlite"
        let garbage = Data(String(repeating: "not a database\n", count: 100).utf8)
        #expect(FileManager.default.createFile(atPath: path, contents: garbage))
        #expect {
            try StateDatabase(path: path)
        } throws: { error in
            guard case .cannotOpen(let failedPath, _) = error as? StateDatabaseError else { return false }
            let text = "\(error)"
            return failedPath == path && text.hasPrefix(path + ": cannot use the state database (")
                && !text.contains("\n")
        }
        #expect(FileManager.default.contents(atPath: path) == garbage)
    }

    @Test func aFileFromANewerVmshIsRefusedAndLeftAsItWas() throws {
        let directory = TemporaryDirectory("newer")
        defer { directory.remove() }
        let path = directory.path + "/state.sqlite"
        _ = try StateDatabase(path: path)
        try SQLiteFile.execute(path: path, sql: "PRAGMA user_version = 2")
        let before = try snapshot(path)
        #expect {
            try StateDatabase(path: path)
        } throws: { error in
            "\(error)".contains("written by a newer vmsh (schema 2, this one knows 1)")
        }
        #expect(try snapshot(path) == before)
    }

    @Test func aDirectoryThatCannotBeMadeIsRefused() throws {
        let directory = TemporaryDirectory("blocked")
        defer { directory.remove() }
        #expect(FileManager.default.createFile(atPath: directory.path + "/vmsh", contents: Data("a file".utf8)))
        #expect(
            throws: StateDatabaseError.cannotOpen(
                path: directory.path + "/vmsh/state.sqlite", reason: "\(directory.path)/vmsh is not a directory")
        ) {
            try StateDatabase(path: directory.path + "/vmsh/state.sqlite")
        }
    }

    @Test func theDefaultPathFollowsXDGThenHome() throws {
        #expect(
            try StateDatabase.defaultPath(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"])
                == "/x/data/vmsh/state.sqlite")
        #expect(
            try StateDatabase.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"])
                == "/h/.local/share/vmsh/state.sqlite")
        #expect(throws: StateDatabaseError.noDataDirectory) { try StateDatabase.defaultPath(environment: [:]) }
    }
}

/// What went wrong on the worker threads, collected for the test thread.
final class Problems: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ problem: String) { lock.withLock { list.append(problem) } }
    var all: [String] { lock.withLock { list } }
}
