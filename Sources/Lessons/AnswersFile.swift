import Glibc
import Shell

/// A learner's answers to an exercise (`vmsh --grade LESSON ANSWERS`): an `answer NAME` line
/// begins the lines that answer the lesson's question NAME, up to the next `answer` line.
package struct AnswersFile {
    package typealias Line = (text: Result<String, CommandFailure>, number: Int)

    let path: String
    /// Each answer's lines, by question name, with their line numbers in the file.
    private(set) var answers: [String: [Line]] = [:]
    /// The names in the order the file gives them.
    private(set) var names: [String] = []
    /// What the file holds that answers nothing: lines before the first `answer`, a question
    /// answered twice.
    private(set) var problems: [String] = []

    /// An answers file holds at most this many lines: a learner's answers, not a data file.
    static let lineLimit = 10_000

    /// Reads the file at `path`; throws when it cannot be read.
    init(path: String) throws(CommandFailure) {
        self.path = path
        // Not blocking: a FIFO with no writer would hold the open forever; fstat refuses it next.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        var status = stat()
        guard fd >= 0, fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            let reason = fd < 0 ? String(cString: strerror(errno)) : "it is not a regular file"
            if fd >= 0 { close(fd) }
            throw CommandFailure("cannot read the answers \(path.sanitizedForTerminal): \(reason)")
        }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let reader = LineReader(fd: fd)
        var current: String?
        var number = 0
        var loose: [Int] = []
        defer {
            if let first = loose.first {
                problems.insert(
                    "\(place(first)): \(loose.count.counted("line")) before the first 'answer NAME', answering no question",
                    at: 0)
            }
        }
        while number < Self.lineLimit {
            guard let next = reader.next() else {
                reader.read()
                continue
            }
            number += 1
            let decoded: Result<String, CommandFailure>
            switch next {
            case .end: return
            case .runaway: throw CommandFailure("\(path.sanitizedForTerminal) is not a text file of answers")
            case .tooLong(let count): decoded = .failure(LineDecoder.tooLong(count))
            case .line(let bytes): decoded = LineDecoder.decode(bytes)
            }
            if case .success(let text) = decoded, let name = Self.answerName(text) {
                if answers[name] != nil { problems.append("\(place(number)): question \(name) is answered twice") }
                current = name
                names.append(name)
                answers[name] = []
                continue
            }
            guard let current else {
                if case .success(let text) = decoded, text.trimmingSpaces.isEmpty || text.trimmingSpaces.hasPrefix("#")
                {
                    continue
                }
                loose.append(number)
                continue
            }
            answers[current, default: []].append((decoded, number))
        }
        throw CommandFailure("\(path.sanitizedForTerminal) holds over \(Self.lineLimit) lines: not a file of answers")
    }

    /// The question an `answer NAME` line begins, if `text` is one.
    static func answerName(_ text: String) -> String? {
        let (name, argument) = Shell.split(text.trimmingSpaces)
        guard name.lowercased() == "answer" else { return nil }
        let question = argument.prefix { !$0.isWhitespace }
        return question.isEmpty ? nil : String(question)
    }

    /// "answers.vmsh:3".
    private func place(_ number: Int) -> String { "\(path.sanitizedForTerminal):\(number)" }
}
