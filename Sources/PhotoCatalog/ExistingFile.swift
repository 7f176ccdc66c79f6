#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a path, judged from its type and its first 100 bytes (the SQLite header) without
/// opening it as a database: the check vmsh makes before it writes, sets a pragma or changes a mode.
enum ExistingFile: Equatable {
    /// Nothing there (a dangling symbolic link counts as something: `notRegular`).
    case missing
    /// A directory, device, pipe, socket or broken link: never a vmsh file.
    case notRegular(String)
    case empty
    /// Bytes that do not start with the SQLite header.
    case notSQLite
    /// A SQLite database file and what its header says.
    case sqlite(SQLiteHeader)

    init(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            // A file where a folder should be: missing, and the folder check says why.
            let missing = errno == ENOENT || errno == ENOTDIR
            self = missing ? .missing : .notRegular("unreadable (\(CatalogFiles.lastErrorText()))")
            return
        }
        if info.st_mode & S_IFMT == S_IFLNK, stat(path, &info) != 0 {
            self = .notRegular("a broken symbolic link")
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR:
            self = .notRegular("a directory")
            return
        case S_IFCHR, S_IFBLK:
            self = .notRegular("a device")
            return
        case S_IFIFO:
            self = .notRegular("a pipe")
            return
        default:
            self = .notRegular("not a regular file")
            return
        }
        if info.st_size == 0 {
            self = .empty
            return
        }
        guard let bytes = Self.firstBytes(path, count: 100),
            let header = SQLiteHeader(bytes, fileSize: Int(info.st_size))
        else {
            self = .notSQLite
            return
        }
        self = .sqlite(header)
    }

    /// Up to `count` bytes from the start of the file; nil when it cannot be read. Opening for
    /// reading changes neither the bytes nor the mode.
    private static func firstBytes(_ path: String, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
        return read == count ? buffer : nil
    }
}

/// The fields of a SQLite database header that say whose file it is and whether it is whole.
struct SQLiteHeader: Equatable {
    /// `PRAGMA application_id`: which program's file format this is (0 when none said).
    let applicationID: UInt32
    /// `PRAGMA user_version`: the owner's schema version.
    let userVersion: UInt32
    let pageSize: Int
    /// The database size in pages, when the header's copy is valid (else nil).
    let pageCount: Int?
    let fileSize: Int
    /// True for a database in write-ahead-log mode (opening it may create files beside it).
    let isWAL: Bool

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
    var isWhole: Bool {
        guard let pageCount else { return true }
        return fileSize >= pageCount * pageSize
    }
}
