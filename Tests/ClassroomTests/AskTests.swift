import EventLoop
import Foundation
import MarbleNotation
import Redaction
import Serving
import SessionWire
import Shell
import ShellTestSupport
import TestSupport
import Testing

@testable import Classroom

/// `ask` and `answers` on a fake server whose students' answers the test sets: a marble question
/// graded as `predict` grades, the commonest wrong answer drawn under the right lane with its caret;
/// a choice; the time limit; names only when asked; and the one-line refusals.
@MainActor
struct AskTests: FakeShellSuite {
    let fake = FakeShell()
    let server = FakeServer()

    init() {
        let server = self.server
        fake.shell.makeServer = { server }
        fake.shell.context.session.terminal.width = 200
    }

    /// The JSON objects of kind `kind` the pages were handed.
    func handed(_ kind: String) -> [[String: Any]] {
        server.messages.compactMap { message in
            let object = try? JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any]
            return object?["kind"] as? String == kind ? object : nil
        }
    }

    @Test func aMarbleQuestionIsGradedAsPredictGradesAndTheWrongLaneDrawnUnderTheRightOne() {
        run("serve on\nlet d = marbles \"-a-b|\"\nsubscribe d as x")
        run("ask d x")
        #expect(server.opened == [1], "the server takes answers to question 1")
        #expect(
            handed("question").map { $0["lane"] as? String } == ["x of d"], "the page is told the lane's name")
        // One right, one wrong: counted once each.
        server.classAnswers = [
            ClassAnswer(text: "-a-b|", name: "ann"), ClassAnswer(text: "--a|", name: nil),
        ]
        output.clear()
        run("wait 1s\nask close")
        #expect(server.opened == [1, nil])
        #expect(
            output.text.hasSuffix(
                """
                > ask close
                [00:01.000] question 1: What will x of d do? Answer as a marble string (- is 100 ms).
                [00:01.000] 2 answered, 1 of 2 right
                [00:01.000] right     -a-b|
                [00:01.000] 1 said    --a|
                [00:01.000]            ^

                """), "\(output.text)")
        let answers = handed("answers")
        // Each kept apart for a page that joins later, however much history is let go.
        let lastingKinds = server.lasting.map { server.messages[$0] }.compactMap { message in
            (try? JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any])?["kind"] as? String
        }
        #expect(lastingKinds == ["question", "answers"])
        #expect(answers.count == 1)
        #expect(answers.first?["answered"] as? Int == 2)
        #expect(answers.first?["right"] as? Int == 1)
        #expect((answers.first?["lines"] as? [String])?.contains("1 said    --a|") == true)
        #expect(!output.text.contains("ann"), "no name unless asked")
        output.clear()
        run("answers --names")
        #expect(output.text.contains("2 answered, 1 of 2 right"))
        #expect(output.text.contains("  ann: -a-b|  right"))
        Secrets.uninstall(server.token)
    }

    @Test func aChoiceQuestionCountsEachChoiceAndNeverPrintsWhichIsRightWhileOpen() {
        run("serve on")
        output.clear()
        run("ask \"Which call is saved?\" favorites *comments both")
        #expect(!output.text.contains("*"), "the pages see what prints: not which is right")
        #expect(output.text.contains("choices: favorites, comments, both"))
        #expect(handed("question").first?["choices"] as? [String] == ["favorites", "comments", "both"])
        server.classAnswers = [
            ClassAnswer(text: "comments", name: nil), ClassAnswer(text: "Comments", name: nil),
            ClassAnswer(text: "both", name: nil), ClassAnswer(text: "maybe", name: nil),
        ]
        output.clear()
        run("ask close")
        #expect(
            output.text.hasSuffix(
                """
                [00:00.000] 4 answered, 2 of 4 right
                [00:00.000]     favorites  0
                [00:00.000]   * comments   2  right
                [00:00.000]     both       1
                [00:00.000]     (not a choice)  1

                """), "\(output.text)")
        Secrets.uninstall(server.token)
    }

    /// Peer instruction: after a discussion the class votes again on the same question; both
    /// rounds are kept, and shown side by side.
    @Test func askAgainOpensTheLastQuestionForASecondRoundAndKeepsBoth() {
        run("serve on\nask again")
        #expect(output.text.contains("ask again opens the last closed question again: none has closed yet"))
        run("ask \"Saved?\" *yes no")
        server.classAnswers = [ClassAnswer(text: "no", name: nil), ClassAnswer(text: "yes", name: nil)]
        run("ask close\nask again")
        #expect(server.opened == [1, nil, 1], "the same question takes answers again")
        #expect(handed("question").map { $0["round"] as? Int } == [nil, 2])
        #expect(output.text.contains("question 1, round 2 asked: Saved? (each answer counts afresh)"))
        output.clear()
        run("ask again")
        #expect(output.text.contains("question 1, round 2 is still open: ask close first"))
        server.classAnswers = [ClassAnswer(text: "yes", name: nil), ClassAnswer(text: "yes", name: nil)]
        output.clear()
        run("ask close")
        #expect(
            output.text.hasSuffix(
                """
                [00:00.000] question 1, round 2: Saved?
                [00:00.000] 2 answered, 2 of 2 right
                [00:00.000]   * yes  2  right
                [00:00.000]     no   0
                [00:00.000] round 1: 1 of 2 right · round 2: 2 of 2 right

                """), "\(output.text)")
        #expect(handed("answers").last?["round"] as? Int == 2)
        #expect(
            (handed("answers").last?["lines"] as? [String])?.last == "round 1: 1 of 2 right · round 2: 2 of 2 right")
        // answers 1 is the latest round, with both side by side; a third round is a third.
        output.clear()
        run("answers 1")
        #expect(output.text.contains("question 1, round 2: Saved?"))
        #expect(output.text.contains("round 1: 1 of 2 right · round 2: 2 of 2 right"))
        run("ask again")
        #expect(handed("question").last?["round"] as? Int == 3)
        Secrets.uninstall(server.token)
    }

    @Test func aTimeLimitClosesTheQuestionByItself() {
        run("serve on\nask \"Ready?\" *yes no --for 2s")
        server.classAnswers = [ClassAnswer(text: "yes", name: nil)]
        output.clear()
        run("wait 3s")
        #expect(output.text.contains("[00:02.000] time is up for question 1"))
        #expect(output.text.contains("[00:02.000] 1 answered, 1 of 1 right"))
        #expect(server.opened == [1, nil])
        Secrets.uninstall(server.token)
    }

    @Test func eachMisuseIsOneLineAndTheSessionGoesOn() {
        let (transcript, _) = script(
            """
            ask 1 delay(1s)
            serve on
            answers
            answers --csv class.csv
            ask close
            ask "Which?" a b
            ask "Which?" *a *b
            ask "Which? *a b
            ask "Which?" *only
            ask d
            ask "Which?" *a b --for soon
            ask "Which?" *a b
            ask "Again?" *a b
            answers
            ask close
            ask close
            say still here
            """)
        let errors = transcript.split(separator: "\n").filter { $0.hasPrefix("ERR vmsh: -c:") }.map {
            $0.split(separator: ": ", maxSplits: 2).last.map(String.init) ?? ""
        }
        #expect(
            errors == [
                "ask asks the class following the served page: serve on first",
                "no question asked yet: \(Question.usage)",
                "no question closed yet: answers --csv writes the closed ones",
                "no question is open: \(Question.usage)",
                "ask: mark exactly one choice right with a leading * (0 marked)",
                "ask: mark exactly one choice right with a leading * (2 marked)",
                "ask: the question needs its closing quote: \(Question.usage)",
                "ask \"QUESTION\" takes 2 to 10 choices, the right one marked *: \(Question.usage)",
                "ask needs a question: \(Question.usage)",
                "ask --for needs \(DurationGrammar.expectation), not 'soon'",
                "question 1 is still open: ask close first",
                "question 1 is closed already: answers shows it again",
            ], "\(transcript)")
        #expect(transcript.contains("question 1 is open: 0 answered so far; ask close grades them"))
        #expect(transcript.hasSuffix("» still here\n"))
        Secrets.uninstall(server.token)
    }

    @Test func aControlFromTheTeachersPageRunsOnlyAskAndAnswers() async throws {
        run("serve on\nask \"Ready?\" *yes no")
        let control = try #require(server.control, "ask listens for the teacher's page")
        control("quit")
        control("ask close")
        // The controls come on the shell's own thread, through its mailbox.
        fake.shell.clock.mailbox.drain()
        #expect(server.opened == [1, nil])
        #expect(output.text.contains("0 answered, 0 of 0 right"))
        // The teacher's terminal says where the command came from; the refused one never ran.
        #expect(output.text.contains("from the teacher's page: ask close"))
        #expect(!output.text.contains("quit"))
        Secrets.uninstall(server.token)
    }

    /// The echo splits choices as the question's parser does, on any whitespace: a no-break space
    /// (Option-Space on a Mac) before the mark does not keep it on the page; nor does a question
    /// the teacher's page asks, which it may ask first.
    @Test func theMarkNeverReachesAPageWhateverSpaceIsBeforeItOrWhereTheQuestionWasAsked() async throws {
        #expect(Question.withoutMark("\"Q\" red\u{A0}*blue green") == "\"Q\" red blue green")
        #expect(Question.withoutMark("\"Q\"\t*blue\u{2003}red") == "\"Q\" blue red")
        #expect(
            Question.withoutMark("\"Is *this* so?\" *yes no") == "\"Is *this* so?\" yes no", "the question as asked")
        // A question that does not parse is no question, and still shows no mark.
        #expect(Question.withoutMark("\"Q red\u{A0}*blue") == "\"Q red blue")
        #expect(try Question.parse("\"Q\" red\u{A0}*blue green", number: 1).choices == ["red", "blue", "green"])
        run("serve on")
        // The teacher's page asks the first question: nothing was asked at the terminal.
        let control = try #require(server.control, "serve listens for the teacher's page")
        output.clear()
        control("ask \"Saved?\" no\u{A0}*yes maybe")
        fake.shell.clock.mailbox.drain()
        #expect(server.opened == [1])
        #expect(output.text.contains("from the teacher's page: ask \"Saved?\" no yes maybe"), "\(output.text)")
        #expect(!output.text.contains("*"), "\(output.text)")
        #expect(!server.messages.joined().contains("*yes"), "nothing the pages were handed has the mark")
        #expect(handed("question").last?["choices"] as? [String] == ["no", "yes", "maybe"])
        Secrets.uninstall(server.token)
    }

    @Test func aTimeLimitStillClosesTheQuestionAfterGoto() {
        let fake = FakeShell(rewinds: true)
        let server = FakeServer()
        fake.shell.makeServer = { server }
        let session = Rewinding(fake: fake)
        session.run("serve on\nsearch sunset\nwait 1s\nask \"Ready?\" *yes no --for 2s\nwait 500ms\nundo")
        #expect(server.opened == [1], "still open after the rebuild")
        session.run("wait 3s")
        #expect(server.opened == [1, nil])
        // Back at 1 s, the deadline (3 s) is two seconds away again, not two seconds from now.
        #expect(fake.output.text.contains("[00:03.000] time is up for question 1"))
        Secrets.uninstall(server.token)
    }

    struct Rewinding: FakeShellSuite {
        let fake: FakeShell
    }
}

/// The test server serves a class as vmsh's does.
extension FakeServer: ClassServing {}
