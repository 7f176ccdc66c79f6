import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the Flickr API key: `FLICKR_API_KEY`, else the file `$XDG_CONFIG_HOME/vmsh/flickr-key`
/// (else `~/.config/vmsh/flickr-key`), which must be a regular file that only its owner, the
/// current user, can read or write. No message ever contains the key.
public enum FlickrKey {
    public static let environmentVariable = "FLICKR_API_KEY"

    public enum Problem: Error, Equatable {
        /// Neither the variable nor the file; `path` is where the file was looked for.
        case notFound(path: String?)
        /// The file exists but is not private, not ours, empty or unreadable.
        case unusableFile(path: String, reason: String)

        /// The text for standard error: what is wrong and how to fix it.
        public func message(keyHelpURL: String) -> String {
            switch self {
            case .notFound(let path):
                let store = path.map { "\n  or store it in \($0), readable only by you (chmod 600)" } ?? ""
                return """
                    vmsh: --service flickr needs a Flickr API key, and none was found.
                      Get one (free for non-commercial use) at \(keyHelpURL)
                      then: export \(environmentVariable)=YOUR_KEY\(store)

                    """
            case .unusableFile(let path, let reason):
                return "vmsh: will not use the Flickr API key in \(path): \(reason)\n"
            }
        }
    }

    public static func find(environment: [String: String]) -> Result<String, Problem> {
        if let key = environment[environmentVariable].map(trimmed), !key.isEmpty { return .success(key) }
        guard let path = filePath(environment: environment) else { return .failure(.notFound(path: nil)) }
        return readKeyFile(path)
    }

    /// `$XDG_CONFIG_HOME/vmsh/flickr-key` when that is absolute (as the XDG spec requires), else under `$HOME/.config`.
    public static func filePath(environment: [String: String]) -> String? {
        XDGDirectory.config.path(of: "flickr-key", environment: environment)
    }

    /// Reads the key's file; the checks run on the opened file, so it cannot be swapped in between.
    static func readKeyFile(_ path: String) -> Result<String, Problem> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT { return .failure(.notFound(path: path)) }
            return .failure(.unusableFile(path: path, reason: String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(.unusableFile(path: path, reason: "it is not a regular file"))
        }
        guard info.st_uid == getuid() else {
            return .failure(.unusableFile(path: path, reason: "it belongs to another user"))
        }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            let octal = String(mode, radix: 8)
            return .failure(
                .unusableFile(
                    path: path, reason: "other users can access it (mode \(octal)); make it private: chmod 600 \(path)")
            )
        }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(fd, &bytes, bytes.count)
        guard count >= 0 else { return .failure(.unusableFile(path: path, reason: String(cString: strerror(errno)))) }
        let firstLine =
            String(decoding: bytes[0..<count], as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        let key = trimmed(firstLine)
        guard !key.isEmpty else { return .failure(.unusableFile(path: path, reason: "it is empty")) }
        return .success(key)
    }

    private static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
