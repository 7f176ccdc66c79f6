import Glibc
import TerminalViews

/// Writes a file vmsh may write: a new one, or one it wrote before (it begins with `mark`).
/// Anything else keeps its bytes and mode, and the user is told to choose another name.
enum OwnFile {
    static func write(_ text: String, to path: String, mark: String, by command: String) throws(CommandFailure) {
        let shown = path.terminalField(limit: 200)
        var fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0, errno == EEXIST {
            guard begins(path, with: mark) else {
                throw CommandFailure("\(shown) exists and was not written by \(command): choose another name")
            }
            fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW)
        }
        guard fd >= 0 else { throw CommandFailure("cannot write \(shown): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.write(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw CommandFailure("cannot write \(shown): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// True for a regular file that begins with `mark`.
    private static func begins(_ path: String, with mark: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        var head = [UInt8](repeating: 0, count: mark.utf8.count)
        let count = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return count == head.count && head == Array(mark.utf8)
    }
}
