import Foundation
import Glibc
import TerminalViews

extension CommandTable {
    static let save: ShellCommand = ShellCommand(
        name: "save",
        parameters: [
            .init(name: "--all|--expect", kind: .choice(["--all", "--expect"]), isOptional: true),
            .init(name: "FILE", kind: .text(suggestions: .none)),
        ],
        synopsis: "save [--all|--expect] FILE",
        summary: "write the session so far as a lesson script: its commands and the waits between them",
        example: "save my-lesson.vmsh", misuse: "save needs a file: save [--all|--expect] FILE", isRecorded: false,
        run: { arguments, context throws(CommandFailure) in
            guard let log = context.session.control?.log else { return .succeeded }
            let path = arguments.text(1) ?? ""
            var writer = LessonWriter()
            writer.includesFailures = arguments.text(0) == "--all"
            writer.addsExpectations = arguments.text(0) == "--expect"
            let date = Date().formatted(.iso8601.year().month().day().dateSeparator(.dash))
            let text = writer.text(of: log.entries, savedOn: date, startedWith: context.session.startedWith)
            try SavedFile.write(text, to: path)
            let count = log.entries.filter { $0.succeeded || writer.includesFailures }.count
            context.say("saved \(count.counted("command")) to \(path.terminalField(limit: 200))")
            return .succeeded
        })
}

/// Writes a file `save` may write: a new one, or one that `save` wrote before (its first line
/// is `LessonWriter.mark`). Anything else keeps its bytes and mode.
enum SavedFile {
    static func write(_ text: String, to path: String) throws(CommandFailure) {
        let shown = path.terminalField(limit: 200)
        var fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0, errno == EEXIST {
            guard isOurs(path) else {
                throw CommandFailure("\(shown) exists and was not written by save: choose another name")
            }
            fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW)
        }
        guard fd >= 0 else { throw CommandFailure("cannot write \(shown): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw CommandFailure("cannot write \(shown): \(String(cString: strerror(errno)))")
        }
    }

    /// True for a regular file whose first line is the mark of a saved lesson.
    private static func isOurs(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        var head = [UInt8](repeating: 0, count: LessonWriter.mark.utf8.count)
        let count = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return count == head.count && head == Array(LessonWriter.mark.utf8)
    }
}
