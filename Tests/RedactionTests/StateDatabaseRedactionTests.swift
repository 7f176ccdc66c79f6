import Foundation
import PhotoModel
import Redaction
import StateStore
import TestSupport
import Testing

/// The state database keeps no key, and gives none back from a file written before the key was
/// redacted (by an earlier vmsh): `recent` in a later session shows `[redacted]` in its place.
@Suite(.serialized) struct StateDatabaseRedactionTests {
    let key = "sTaTe0123456789abcdefKEY"
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("vmsh-state-\(UUID().uuidString).sqlite")
        .path

    func search(_ text: String) -> RecentSearch {
        let photo = Photo(
            id: "1", title: "Sunset \(text)", owner: "1@N01", ownerName: "\(text) Ann", secret: "s", server: "1")
        return RecentSearch(searchText: "find \(text)", totalResults: 3, firstPhoto: photo)
    }

    @Test func aKeyStoredBeforeItWasInstalledIsRedactedWhenRead() throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try StateDatabase(path: path).record(search(key.uppercased()))
        Secrets.install(key)
        defer { Secrets.uninstall(key) }
        let loaded = try StateDatabase(path: path).load()
        #expect(loaded == [search("[redacted]")])
    }

    @Test func aKeyInASearchIsNeverWritten() throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try StateDatabase(path: path)
        let escaped = key.unicodeScalars.map { "\\u" + String(format: "%04X", $0.value) }.joined()
        Secrets.install(key)
        let recorded = Result { try database.record(search(escaped)) }
        Secrets.uninstall(key)
        #expect(try recorded.get() == [search("[redacted]")])
        #expect(try database.load() == [search("[redacted]")], "stored redacted, not only redacted when read")
    }
}
