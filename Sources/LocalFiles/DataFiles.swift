#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file-system work for vmsh's own files (the catalog, the state database): owner-only
/// directories and files, and a private temporary file to build in, so that a half-built file
/// is never visible under the real name.
public enum DataFiles {
    /// The directory part of `path` ("." when there is none).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The size of the file at `path`, or nil when there is none.
    public static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Creates `directory` and any missing parents with mode 0700 (owner only); existing
    /// directories are left as they are. Only for vmsh's default locations: a folder the user
    /// named must exist (see `requireDirectory`).
    public static func makeDirectory(_ directory: String, for file: String) throws(CannotCreateFile) {
        var info = stat()
        if stat(directory, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw CannotCreateFile(path: file, reason: "\(directory) is not a directory")
            }
            return
        }
        let parent = Self.directory(of: directory)
        if parent != directory { try makeDirectory(parent, for: file) }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw CannotCreateFile(path: file, reason: "cannot create \(directory): \(lastErrorText())")
        }
        // mkdir's mode is reduced by the umask; 0700 is what we want whatever the umask.
        _ = chmod(directory, 0o700)
    }

    /// Checks that the folder of a file the user named exists: vmsh creates no folders there.
    public static func requireDirectory(of file: String) throws(CannotCreateFile) {
        let directory = Self.directory(of: file)
        var info = stat()
        guard stat(directory, &info) == 0 else {
            throw CannotCreateFile(path: file, reason: "the folder \(directory) does not exist; create it first")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw CannotCreateFile(path: file, reason: "\(directory) is not a directory")
        }
    }

    /// Creates a new empty file with mode 0600 beside `path`, with a name no other process
    /// uses (process id and a counter, O_EXCL), and returns its path.
    public static func makeTemporaryFile(beside path: String) throws(CannotCreateFile) -> String {
        let directory = Self.directory(of: path)
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        for attempt in 0..<1000 {
            let candidate = "\(directory)/.\(name).\(getpid()).\(attempt).tmp"
            let descriptor = open(candidate, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                _ = fchmod(descriptor, 0o600)
                close(descriptor)
                return candidate
            }
            if errno != EEXIST { throw CannotCreateFile(path: path, reason: lastErrorText()) }
        }
        throw CannotCreateFile(path: path, reason: "no free temporary file name")
    }

    /// Flushes `temporary` to disk and gives it the name `path`, unless something is there by
    /// then: a hard link never replaces a file (another process's file, or a file the user
    /// just put there). Returns false, and removes `temporary`, when `path` was taken.
    public static func publish(_ temporary: String, to path: String) throws(CannotCreateFile) -> Bool {
        let descriptor = open(temporary, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            _ = fsync(descriptor)
            close(descriptor)
        }
        defer { remove(temporary) }
        if link(temporary, path) == 0 { return true }
        let failure = errno
        if failure == EEXIST { return false }
        // A file system without hard links: rename, which is safe while the name stays free.
        if [EPERM, ENOTSUP, EOPNOTSUPP, EXDEV].contains(failure), ExistingFile(path: path) == .missing,
            rename(temporary, path) == 0
        {
            return true
        }
        throw CannotCreateFile(path: path, reason: String(cString: strerror(failure)))
    }

    /// Deletes `path`, ignoring errors (a temporary file after a failure).
    public static func remove(_ path: String) {
        _ = unlink(path)
    }

    static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }
}
