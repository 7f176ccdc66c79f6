#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a path, judged from its type and its first 100 bytes (the SQLite header) without
/// opening it as a database: the check vmsh makes before it writes, sets a pragma or changes a mode.
public enum ExistingFile: Equatable, Sendable {
    /// Nothing there (a dangling symbolic link counts as something: `notRegular`).
    case missing
    /// A directory, device, pipe, socket or broken link: never a vmsh file.
    case notRegular(String)
    case empty
    /// Bytes that do not start with the SQLite header.
    case notSQLite
    /// A SQLite database file and what its header says.
    case sqlite(SQLiteHeader)

    public init(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            // A file where a folder should be: missing, and the folder check says why.
            let missing = errno == ENOENT || errno == ENOTDIR
            self = missing ? .missing : .notRegular("unreadable (\(DataFiles.lastErrorText()))")
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
