import Glibc
import Redaction

/// Every file vmsh writes outside SQLite goes through here: a new file, or one that begins with
/// vmsh's mark for it. The target is opened once without following links and its mark read from
/// that descriptor; the new bytes go to a temporary file beside it (same folder, so the rename
/// stays on one file system), are flushed to disk and then renamed into place. The earlier file's
/// inode is never written, so a hard link swapped in for the target keeps its bytes, and a failure
/// (full disk, read-only folder, a signal) leaves the earlier file exactly as it was. What is
/// written has the process's secrets taken out (`Secrets`), whoever made the bytes.
public enum MarkedFile {
    /// `write(2)` or a stand-in for it: tests fail it part-way to act out a full disk.
    typealias Writer = @Sendable (Int32, UnsafeRawPointer, Int) -> Int

    static let systemWrite: Writer = { fd, bytes, count in Glibc.write(fd, bytes, count) }

    /// Replaces the file at `path` with `bytes`, which must begin with `mark`. A new file gets
    /// `newMode` (less the umask); a replaced one keeps its mode.
    public static func replace(_ bytes: [UInt8], at path: String, mark: [UInt8], newMode: mode_t)
        throws(MarkedFileError)
    {
        try replace(bytes, at: path, mark: mark, newMode: newMode, writer: systemWrite)
    }

    /// Creates or replaces `path` with `bytes` like `replace`, and returns a descriptor open on
    /// the new file, at its end, for the caller to append to and close.
    public static func create(_ bytes: [UInt8], at path: String, mark: [UInt8], newMode: mode_t) throws(MarkedFileError)
        -> Int32
    {
        try publish(bytes, at: path, mark: mark, newMode: newMode, writer: systemWrite)
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and interruptions; the error's text
    /// when it cannot.
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        writeAll(Secrets.redact(bytes), to: fd, writer: systemWrite)
    }

    static func replace(_ bytes: [UInt8], at path: String, mark: [UInt8], newMode: mode_t, writer: Writer)
        throws(MarkedFileError)
    {
        let fd = try publish(bytes, at: path, mark: mark, newMode: newMode, writer: writer)
        close(fd)
    }

    static func publish(
        _ bytes: [UInt8], at path: String, mark: [UInt8], newMode: mode_t, writer: Writer
    ) throws(MarkedFileError) -> Int32 {
        // A signal that ends vmsh waits until the temporary file is renamed or removed, so none
        // is left behind; a regular file's write does not block, so the wait is short.
        var ending = sigset_t()
        var previous = sigset_t()
        sigemptyset(&ending)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&ending, signal) }
        pthread_sigmask(SIG_BLOCK, &ending, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let earlier = try Earlier(path: path, mark: mark)
        let (temporary, fd) = try makeTemporary(beside: path, mode: earlier?.mode ?? newMode, earlier: earlier)
        var failure = writeAll(Secrets.redact(bytes), to: fd, writer: writer)
        if failure == nil, fsync(fd) != 0 { failure = errorText() }
        // Recheck just before the rename: a target swapped since it was judged is not replaced.
        if failure == nil, Earlier.identity(path) != earlier?.identity { failure = "it changed while vmsh wrote it" }
        if failure == nil, rename(temporary, path) != 0 { failure = errorText() }
        guard let failure else {
            syncFolder(of: path)
            return fd
        }
        close(fd)
        unlink(temporary)
        throw .failed(failure, earlierKept: earlier != nil)
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32, writer: Writer) -> String? {
        var offset = 0
        while offset < bytes.count {
            // Not empty here, so the buffer has an address.
            let written = bytes.withUnsafeBytes { all in
                all.baseAddress.map { writer(fd, $0 + offset, all.count - offset) } ?? 0
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return written == 0 ? "nothing could be written" : errorText() }
            offset += written
        }
        return nil
    }

    /// A new file in the target's folder, named after it, that no one else had: `O_EXCL` refuses
    /// a name that exists (a link planted there included).
    private static func makeTemporary(beside path: String, mode: mode_t, earlier: Earlier?) throws(MarkedFileError)
        -> (String, Int32)
    {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        for _ in 0..<16 {
            let temporary = folder + ".\(name).\(UInt32.random(in: .min ... .max)).vmsh-partial"
            let fd = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd < 0, errno == EEXIST { continue }
            guard fd >= 0 else { throw .failed(errorText(), earlierKept: earlier != nil) }
            // The umask narrowed the earlier file's mode when it was made; keep it as it is now.
            if earlier != nil { fchmod(fd, mode) }
            return (temporary, fd)
        }
        throw .failed("no free name for a temporary file beside it", earlierKept: earlier != nil)
    }

    /// Makes the rename itself last through a power cut; a folder that cannot be synced is no
    /// reason to call the write failed.
    private static func syncFolder(of path: String) {
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "."
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}

/// The file a write would replace, judged on one descriptor opened without following links.
struct Earlier: Equatable {
    struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64
    }
    let identity: Identity
    let mode: mode_t

    /// Nil when nothing is at `path`; throws when something is there that does not carry `mark`.
    init?(path: String, mark: [UInt8]) throws(MarkedFileError) {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        if fd < 0, errno == ENOENT { return nil }
        guard fd >= 0 else {
            // ELOOP is a symbolic link; anything else unreadable is not provably vmsh's either.
            if errno == ELOOP || errno == EACCES || errno == ENXIO { throw .notMarked }
            throw .failed(MarkedFile.errorText(), earlierKept: true)
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw .notMarked }
        // Only the mark's length is read, however large the file.
        var head = [UInt8](repeating: 0, count: mark.count)
        let count = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count == mark.count, head == mark else { throw .notMarked }
        identity = Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        mode = status.st_mode & 0o777
    }

    /// What is at `path` now, without following a link; nil when nothing is.
    static func identity(_ path: String) -> Identity? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}

/// Why a file was not written, for the caller to put in its own words.
public enum MarkedFileError: Error, Equatable {
    /// Something is at the path that vmsh did not write: a file without the mark, a link, a pipe,
    /// a device, a folder.
    case notMarked
    /// The write failed (the system's reason); `earlierKept` says an earlier file is still there,
    /// unchanged.
    case failed(String, earlierKept: Bool)
}
