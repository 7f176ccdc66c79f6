/// The fields of a SQLite database header that say whose file it is and whether it is whole.
public struct SQLiteHeader: Equatable, Sendable {
    /// `PRAGMA application_id`: which program's file format this is (0 when none said).
    public let applicationID: UInt32
    /// `PRAGMA user_version`: the owner's schema version.
    public let userVersion: UInt32
    public let pageSize: Int
    /// The database size in pages, when the header's copy is valid (else nil).
    public let pageCount: Int?
    public let fileSize: Int
    /// True for a database in write-ahead-log mode (opening it may create files beside it).
    public let isWAL: Bool

    init?(_ bytes: [UInt8], fileSize: Int) {
        let magic = Array("SQLite format 3".utf8) + [0]
        guard bytes.count >= 100, Array(bytes[0..<16]) == magic else { return nil }
        func word(_ offset: Int) -> UInt32 {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        // The in-header size is valid only when the change counter matches its copy (offset 92).
        let count = Int(word(28))
        pageCount = count > 0 && word(24) == word(92) ? count : nil
        applicationID = word(68)
        userVersion = word(60)
        self.fileSize = fileSize
        isWAL = bytes[18] == 2 || bytes[19] == 2
    }

    /// False when the file is shorter than its header says: cut off in a copy or a crash.
    public var isWhole: Bool {
        guard let pageCount else { return true }
        return fileSize >= pageCount * pageSize
    }
}
