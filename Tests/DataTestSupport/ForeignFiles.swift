import Foundation
import PhotoCatalog
import SeededRandom

/// Files vmsh did not make, as (what, path, the reason expected): each must be refused unchanged.
/// `stateSchema` is the state database's table, for a file that has it and more.
public func foreignFiles(in directory: TemporaryDirectory, stateSchema: String) throws -> [(String, String, String)] {
    func file(_ name: String, _ bytes: [UInt8], mode: Int = 0o644) -> String {
        let path = directory.path + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: mode])
        return path
    }
    let withView = directory.path + "/app.db"
    try SQLiteFile.execute(
        path: withView, sql: "CREATE TABLE notes (body TEXT); CREATE VIEW v AS SELECT * FROM notes")
    let newer = directory.path + "/newer.db"
    try SQLiteFile.execute(path: newer, sql: "CREATE TABLE t (x); PRAGMA user_version = 99")
    let otherProgram = directory.path + "/other.db"
    try SQLiteFile.execute(path: otherProgram, sql: "CREATE TABLE t (x); PRAGMA application_id = 1234")
    let vmshLike = directory.path + "/vmsh-like.db"
    try SQLiteFile.execute(
        path: vmshLike, sql: stateSchema + "; PRAGMA user_version = 1; CREATE TABLE extra (x)")
    var random = SplitMix64(seed: 7)
    let noise = (0..<5_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    return [
        ("a database with a view", withView, "vmsh did not make"),
        ("user_version 99", newer, "vmsh did not make"),
        ("another program's database", otherProgram, "another program's SQLite database (application id 0x4d2)"),
        ("vmsh's old schema and more", vmshLike, "vmsh did not make"),
        ("an empty file", file("empty.db", []), "an empty file vmsh did not make"),
        ("one byte", file("one.db", [0x53]), "not a SQLite database"),
        ("text", file("notes.txt", Array("my notes\n".utf8), mode: 0o640), "not a SQLite database"),
        ("random bytes", file("random.bin", noise), "not a SQLite database"),
        ("a directory", directory.path, "a directory"),
    ]
}
