import Foundation
import Glibc
import Shell
import ShellTestSupport
import TestSupport
import Testing

@testable import Lessons

/// `--grade` runs a learner's answers with no effect outside the session, counts only what the
/// session printed for a hidden check, and keeps every report line within the terminal.
@MainActor
struct GradingConfinementTests: FakeShellSuite {
    let fake = FakeShell(rewinds: true)
    let folder = NSTemporaryDirectory() + "vmsh-grading-\(UUID().uuidString)"

    init() throws {
        fake.service.photoCount = 25
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private static let lesson = """
        search sunset
        wait 500ms
        scroll down
        wait 2s
        answer row-1 What did row 1's delay(1s) do?
        expect --hidden right: delay(1s) of row 1
        answer typed Type a text of four letters.
        expect --hidden /searchText = "\\w{4}"/
        """

    private func grade(_ answers: String, lesson: String = Self.lesson) throws -> (report: [String], allRight: Bool) {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/answers.vmsh"
        _ = FileManager.default.createFile(atPath: path, contents: Data(answers.utf8))
        let grader = try Grader(shell: shell, answersPath: path)
        return grader.grade(.commands(lesson.split(separator: "\n").map(String.init)), named: "x")
    }

    @Test func answersThatOnlySayTheCheckedTextScoreNothing() throws {
        let (report, allRight) = try grade(
            "answer row-1\nsay right: delay(1s) of row 1\nanswer typed\nsay searchText = \"abcd\"\n")
        #expect(report.last == "score 0/2")
        #expect(!allRight)
    }

    @Test func answersWriteNoFileAndStartNoServer() throws {
        let target = folder + "/written"
        let answers = [
            "answer row-1", "save \(target).vmsh", "export html \(target).html", "export cast \(target).cast",
            "marbles 1 --svg \(target).svg", "graph --dot \(target).dot", "graph --svg \(target)-graph.svg",
            "serve on 0", "answer typed", "source /dev/zero", "source -",
        ]
        let path = folder + "/answers.vmsh"
        _ = FileManager.default.createFile(atPath: path, contents: Data(answers.joined(separator: "\n").utf8))
        let grader = try Grader(shell: shell, answersPath: path)
        _ = grader.grade(.commands(Self.lesson.split(separator: "\n").map(String.init)), named: "x")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        try? FileManager.default.removeItem(atPath: folder)
        #expect(left == ["answers.vmsh"])
        #expect(shell.context.transcript.feed == nil, "no server")
        let said = output.text
        for refusal in [
            "save writes no file under --grade", "export writes no file under --grade",
            "export cast writes no file under --grade", "serve starts no server under --grade",
            "only a regular file is read under --grade", "source reads no standard input under --grade",
        ] {
            #expect(said.contains(refusal), "\(refusal)")
        }
    }

    @Test(.timeLimit(.minutes(1))) func aFIFOAsTheAnswersIsRefusedWithoutBlocking() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/answers.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: CommandFailure.self) { try Grader(shell: shell, answersPath: fifo) }
    }

    @Test func aLongQuestionNameIsShortenedAndReportedOnce() throws {
        let name = String(repeating: "q", count: 3_000)
        let (report, allRight) = try grade(
            "answer \(name)\ntext abcd\n",
            lesson: "answer \(name) Type four letters.\nexpect --hidden /searchText = \"\\w{4}\"/")
        #expect(allRight)
        #expect(report.allSatisfy { $0.count <= 80 }, "\(report.map(\.count))")
        #expect(report.filter { $0.contains("qqqq") }.count == 1)
        #expect(report.contains { $0.hasPrefix("  qqqq") && $0.hasSuffix("  right") })
    }

    @Test func aLongReasonFoldsWithinTheTerminal() {
        let line = "  row-1  wrong  " + String(repeating: "a-word ", count: 30)
        let folded = Grader.fitted(line, to: 40)
        #expect(folded.count > 1 && folded.allSatisfy { $0.count <= 40 })
        #expect(folded.joined(separator: " ").split(separator: " ") == line.split(separator: " "))
        #expect(Grader.fitted(String(repeating: "x", count: 100), to: 30).allSatisfy { $0.count <= 30 })
    }
}
