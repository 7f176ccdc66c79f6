import Foundation
import Lessons
import Shell
import ShellTestSupport
import TestSupport
import Testing

/// `predict` says right or where a prediction went otherwise, and keeps it; `answer` asks a
/// question whose checks wait for `--grade`; the grader runs a learner's answers against a lesson.
@MainActor
struct ExerciseTests: FakeShellSuite {
    let fake = FakeShell(rewinds: true)

    init() {
        fake.service.photoCount = 25
        // Wide enough for a temporary file's path: folding to the terminal is GradingConfinementTests'.
        fake.shell.context.session.terminal.width = 200
    }

    /// A subscriber's lane is named by the label the learner gave it, or by its whole name, quoted.
    @Test func aPredictionNamesASubscribersLaneByItsLabel() {
        let (transcript, status) = script(
            """
            let d = marbles "-a-b|"
            subscribe d as x
            wait 1s
            predict d x "-a-b|"
            predict d "subscriber x" "-a-b|"
            predict d subscriber x "-a-b|"
            """)
        #expect(
            transcript.hasSuffix(
                """
                > predict d x "-a-b|"
                [00:01.000] right: x of d did "-a-b|"
                > predict d "subscriber x" "-a-b|"
                [00:01.000] right: subscriber x of d did "-a-b|"
                > predict d subscriber x "-a-b|"
                [00:01.000] right: subscriber x of d did "-a-b|"

                """))
        #expect(status == 0)
    }

    @Test func aPredictionIsRightOrShowsWhereItWentOtherwise() {
        let (transcript, status) = script(
            """
            search sunset
            wait 500ms
            scroll down
            wait 2s
            predict 1 delay(1s) "-!"
            predict 11 delay(1s) "---------(F|)"
            predict 11 nonsense "-"
            """)
        #expect(
            transcript.hasSuffix(
                """
                > predict 1 delay(1s) "-!"
                [00:02.500] right: delay(1s) of row 1 did "-!"
                > predict 11 delay(1s) "---------(F|)"
                ERR vmsh: -c:6: not quite: delay(1s) of row 11 did otherwise:
                ERR vmsh:   | predicted ---------(F|)
                ERR vmsh:   | actual    -------------(F|)
                ERR vmsh:   |                    ^
                > predict 11 nonsense "-"
                ERR vmsh: -c:7: no lane 'nonsense' in row 11: its lanes are isVisible, delay(1s), favorites, comments, metadata

                """))
        #expect(status == 1)
        // Each prediction is kept in the history, a wrong one as failed.
        run("history 3")
        #expect(
            output.text.hasSuffix(
                """
                > history 3
                [00:02.500]      predict 1 delay(1s) "-!"
                [00:02.500]      predict 11 delay(1s) "---------(F|)"  (failed)
                [00:02.500]      predict 11 nonsense "-"  (failed)

                """))
    }

    @Test func aQuestionsChecksWaitForAnAnswerWithoutGrade() {
        let (transcript, status) = script(
            "text sunset\nanswer q1 Which text?\nexpect --hidden beach\nexpect-marbles search nothing \"-\"\n"
                + "text beach\nexpect beach")
        #expect(
            transcript == """
                > text sunset
                [00:00.000] searchText = "sunset"
                [00:00.000] isSearchValid = true
                > answer q1 Which text?
                [00:00.000] ? question q1: Which text?
                > expect --hidden …
                [00:00.000] (left for --grade)
                > expect-marbles search nothing "-"
                [00:00.000] (left for --grade)
                > text beach
                [00:00.000] searchText = "beach"
                > expect beach

                """)
        #expect(status == 0, "the checks of an unanswered question are left for --grade")
    }

    @Test func aCheckLeftForGradeIsSaidWhereItWasShown() {
        let runner = ScriptRunner(shell: shell, echo: false, bail: false)
        _ = runner.run(.commands(["answer q1 Which text?", "expect --hidden beach"]))
        #expect(!output.text.contains("left for --grade"), "no echo showed the check")
        shell.isAtPrompt = true
        _ = runner.run(.commands(["expect --hidden beach"]))
        #expect(output.text.hasSuffix("[00:00.000] (left for --grade)\n"), "typed at the prompt, it was shown")
        #expect(runner.failures == 0)
    }

    private func file(_ name: String, _ text: String) -> String {
        let path = NSTemporaryDirectory() + "vmsh-exercise-\(UUID().uuidString)-\(name)"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    private static let lesson = """
        # an exercise
        search sunset
        wait 500ms
        scroll down
        wait 2s
        answer row-1 What did row 1's delay(1s) do?
        expect --hidden right: delay(1s) of row 1
        answer typed Type a text of four letters.
        expect --hidden /searchText = "\\w{4}"/
        answer failing Make a command fail with "no recent search".
        expect-error --hidden no recent search
        """

    @Test func rightAnswersScoreInFull() throws {
        let answers = file(
            "right.vmsh",
            "answer row-1\npredict 1 delay(1s) \"-!\"\nanswer typed\ntext abcd\nanswer failing\nback\nopen 99\n")
        defer { try? FileManager.default.removeItem(atPath: answers) }
        let grader = try Grader(shell: shell, answersPath: answers)
        let (report, allRight) = grader.grade(
            .commands(Self.lesson.split(separator: "\n").map(String.init)), named: "x")
        #expect(report.dropFirst() == ["  row-1    right", "  typed    right", "  failing  right", "score 3/3"])
        #expect(allRight)
    }

    private func grade(_ answers: String) throws -> [String] {
        let path = file("answers.vmsh", answers)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let grader = try Grader(shell: shell, answersPath: path)
        return Array(grader.grade(.commands(Self.lesson.split(separator: "\n").map(String.init)), named: "x").report)
    }

    @Test func eachAnswerStartsWhereItsQuestionWasAsked() throws {
        // `text abcd` went back to the root, where `open 99` fails as the third question wants;
        // but the third answer starts on the results, where it fails otherwise.
        let report = try grade("answer typed\ntext abcd\nanswer failing\nopen 99\n")
        #expect(Array(report[1...2]) == ["  row-1    wrong  no answer", "  typed    right"])
        #expect(
            report[3].hasPrefix("  failing  wrong  ")
                && report[3].hasSuffix(":4: no row 99: the results have rows 1-25"))
        #expect(report.last == "score 1/3")
    }

    @Test func theChecksReadWhatTheWholeAnswerPrinted() throws {
        // The four letters were typed first; what came after printed no searchText.
        let report = try grade("answer typed\ntext abcd\nstack\nshow\n")
        #expect(report.dropFirst(2).first == "  typed    right")
    }

    @Test func wrongAnswersSayWhyWithoutShowingAHiddenCheck() throws {
        let answers = file(
            "wrong.vmsh",
            "stack\nanswer row-1\npredict 1 delay(1s) \"--!\"\nanswer typed\ntext abc\nanswer other\nstack\n")
        defer { try? FileManager.default.removeItem(atPath: answers) }
        let grader = try Grader(shell: shell, answersPath: answers)
        let (report, allRight) = grader.grade(
            .commands(Self.lesson.split(separator: "\n").map(String.init)), named: "x")
        #expect(
            report.dropFirst() == [
                "  row-1    wrong  \(answers):3: not quite: delay(1s) of row 1 did otherwise",
                "    | predicted --!", "    | actual    -!", "    |            ^",
                "  typed    wrong  a hidden check failed",
                "  failing  wrong  no answer",
                "\(answers):1: 1 line before the first 'answer NAME', answering no question",
                "\(answers): answer other answers no question of x",
                "score 0/3",
            ])
        #expect(!allRight)
        #expect(!report.joined().contains("w{4}") && !report.joined().contains("no recent"))
        #expect(output.text.isEmpty == false, "the session itself printed to its own sink")
    }
}
