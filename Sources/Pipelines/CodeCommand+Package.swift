import CodePackage
import Glibc
import Playground
import Shell
import TerminalText

/// `code --package DIR`: the package's files written into a folder vmsh creates, or one it made
/// before (its `.vmsh-package` says so); each file through `OwnFile`, so a file vmsh did not write
/// keeps its bytes, and what another library's package left there is removed only if vmsh wrote it.
extension CommandTable {
    static func writePackage(to folder: String, in library: CodeWriter.Library, _ context: CommandContext)
        throws(CommandFailure)
    {
        if let confinement = context.session.scripts.confinedBy {
            throw CommandFailure("code --package writes no file under \(confinement)")
        }
        let validation = context.navigator.search?.validationName ?? "length"
        let row = context.instrumentation.metadataPipeline.name
        guard let validationTexts = definitions(of: validation, context), let rowTexts = definitions(of: row, context)
        else { throw CommandFailure("the pipelines in effect (\(row), \(validation)) cannot be written as code") }
        let files: [CodePackage.File]
        do throws(PlaygroundError) {
            files = try CodePackage.files(
                in: library, validation: (validation, validationTexts), row: (row, rowTexts))
        } catch {
            throw CommandFailure(error.message)
        }
        let shown = folder.terminalField(limit: 200)
        try makeFolder(folder, shown, marked: true)
        let mark = CodePackage.folderMark
        try OwnFile.write(
            mark.text, to: folder + "/" + mark.path, mark: mark.mark, by: "code --package", confinedBy: nil)
        for inner in CodePackage.folders { try makeFolder(folder + "/" + inner, shown + "/" + inner, marked: false) }
        // Every file checked before any is written, so that a refusal leaves the folder as it was.
        if let theirs = files.first(where: { !mayWrite(folder + "/" + $0.path, mark: $0.mark) }) {
            throw CommandFailure(
                "\((folder + "/" + theirs.path).terminalField(limit: 200)) exists and was not written by "
                    + "code --package: choose another name")
        }
        let written = Set(files.map(\.path))
        for path in Set(CodePackage.everyPath).subtracting(written).sorted() {
            removeIfOwn(folder + "/" + path, mark: CodePackage.mark)
        }
        for file in files {
            try OwnFile.write(
                file.text, to: folder + "/" + file.path, mark: file.mark, by: "code --package", confinedBy: nil)
        }
        context.say(
            "wrote the ViewModels in \(library.title) over \(row) and \(validation), "
                + "and a test of this session, to \(shown): swift test there runs it")
    }

    /// Makes `path` a folder, or finds one there (not a link to one); an earlier one must hold
    /// `.vmsh-package` if `marked` (the package's own folder: those inside it are its own).
    private static func makeFolder(_ path: String, _ shown: String, marked: Bool) throws(CommandFailure) {
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw CommandFailure("\(shown) is not a folder: code --package writes a folder")
            }
            guard !marked || access(path + "/" + CodePackage.folderMark.path, F_OK) == 0 else {
                throw CommandFailure(
                    "\(shown) is a folder vmsh did not write: code --package writes a new folder, or one it wrote")
            }
            return
        }
        guard mkdir(path, 0o755) == 0 else {
            throw CommandFailure("cannot make the folder \(shown): \(String(cString: strerror(errno)))")
        }
    }

    /// Removes the file at `path` if it begins with `mark` (another library's file vmsh wrote).
    private static func removeIfOwn(_ path: String, mark: String) {
        if begins(path, with: mark) { unlink(path) }
    }

    /// Whether nothing is at `path` (not even a link) or a file vmsh wrote, which begins with `mark`.
    private static func mayWrite(_ path: String, mark: String) -> Bool {
        var status = stat()
        return lstat(path, &status) != 0 || begins(path, with: mark)
    }

    /// Whether the file at `path` (not a link) begins with `mark`.
    private static func begins(_ path: String, with mark: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        var bytes = [UInt8](repeating: 0, count: mark.utf8.count)
        let count = read(fd, &bytes, bytes.count)
        close(fd)
        return count == bytes.count && bytes == Array(mark.utf8)
    }
}
