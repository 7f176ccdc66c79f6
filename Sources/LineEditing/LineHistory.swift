import CLibEdit
import MarkedFiles
import Redaction

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The line history, kept in a file between sessions (libedit's own format), owner-only,
/// capped, with no two equal lines in a row. A file that cannot be read or written costs one
/// warning; the shell works on without it.
@MainActor
final class LineHistory {
    let handle: OpaquePointer
    let path: String?
    static let capacity: Int32 = 1000
    private var saveWarned = false
    private let warn: (String) -> Void

    init(path: String?, warn: @escaping (String) -> Void) {
        guard let handle = vmsh_history_init() else { fatalError("vmsh: libedit history could not start") }
        self.handle = handle
        self.path = path
        self.warn = warn
        vmsh_history_setsize(handle, Self.capacity)
        vmsh_history_setunique(handle, 1)
        guard let path else { return }
        if access(path, F_OK) == 0 && vmsh_history_load(handle, path) < 0 {
            warn("vmsh: cannot read the history file \(path.sanitizedForTerminal); starting with an empty history")
            saveWarned = true  // Do not overwrite what could not be read.
        }
    }

    /// Lines arrive redacted; the file is a way out, so it redacts again.
    func add(_ line: String) {
        vmsh_history_enter(handle, Secrets.redact(line))
        save()
    }

    /// Writes the whole history (at most `capacity` lines) to the file, owner-only when new,
    /// replacing it whole; a file that does not begin as libedit's history files do is not vmsh's
    /// to write.
    func save() {
        guard let path, !saveWarned else { return }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !directory.isEmpty { Self.makeDirectories(directory) }
        var length = 0
        guard let buffer = vmsh_history_bytes(handle, &length) else {
            return stopSaving("cannot write the history file \(path.sanitizedForTerminal)")
        }
        defer { free(buffer) }
        let bytes = Array(UnsafeRawBufferPointer(start: buffer, count: length))
        do throws(MarkedFileError) {
            try MarkedFile.replace(bytes, at: path, mark: Self.mark, newMode: 0o600)
        } catch {
            switch error {
            case .notMarked:
                stopSaving(
                    "will not write the history file \(path.sanitizedForTerminal): it is a link or not a history file")
            case .failed(let reason, _):
                stopSaving("cannot write the history file \(path.sanitizedForTerminal): \(reason)")
            }
        }
    }

    /// How libedit's history files begin, which marks one as vmsh's to replace.
    static let mark = Array("_HiStOrY_V2_\n".utf8)

    private func stopSaving(_ problem: String) {
        saveWarned = true
        warn("vmsh: \(problem); history will not be kept")
    }

    /// `mkdir -p` with owner-only permissions for the folders it creates.
    private static func makeDirectories(_ path: String) {
        var prefix = ""
        for part in path.split(separator: "/") {
            prefix += (prefix.isEmpty && !path.hasPrefix("/") ? "" : "/") + part
            mkdir(prefix, 0o700)
        }
    }

    isolated deinit { vmsh_history_end(handle) }
}
