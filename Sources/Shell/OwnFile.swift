import MarkedFiles
import TerminalViews

/// Writes a file vmsh may write: a new one, or one it wrote before (it begins with `mark`, or
/// with one of `formerMarks`, the marks of what the command wrote before its format changed).
/// Anything else keeps its bytes and mode, and the user is told to choose another name; a write
/// that fails leaves the earlier file as it was and says so.
package enum OwnFile {
    package static func write(
        _ text: String, to path: String, mark: String, formerMarks: [String] = [], by command: String,
        confinedBy confinement: String?
    ) throws(CommandFailure) {
        // Graded answers act on nothing outside the session (the teacher's files, ~/.vmshrc).
        if let confinement {
            throw CommandFailure("\(command) writes no file under \(confinement)")
        }
        let shown = path.terminalField(limit: 200)
        do throws(MarkedFileError) {
            var marks = [mark] + formerMarks
            while true {
                do throws(MarkedFileError) {
                    return try MarkedFile.replace(
                        Array(text.utf8), at: path, mark: Array(marks.removeFirst().utf8), newMode: 0o644)
                } catch .notMarked where !marks.isEmpty {
                    continue
                }
            }
        } catch {
            switch error {
            case .notMarked:
                throw CommandFailure("\(shown) exists and was not written by \(command): choose another name")
            case .failed(let reason, let earlierKept):
                let kept = earlierKept ? "; the earlier file is unchanged" : ""
                throw CommandFailure("cannot write \(shown): \(reason)\(kept)")
            }
        }
    }
}
