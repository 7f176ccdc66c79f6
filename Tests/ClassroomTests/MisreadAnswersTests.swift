import Redaction
import SessionWire
import Shell
import ShellTestSupport
import Testing

@testable import Classroom

/// A class's wrong marble answer that is a common misreading is named under its lane when the
/// question closes, as `predict` names it; one that is none is drawn with its caret alone.
@MainActor
struct MisreadAnswersTests: FakeShellSuite {
    let fake = FakeShell(rewinds: true)
    let server = FakeServer()

    init() {
        let server = self.server
        fake.shell.makeServer = { server }
        fake.shell.context.session.terminal.width = 200
    }

    @Test func aWrongAnswerThatIsAMisreadingIsNamedUnderItsLane() {
        run("serve on\nlet s = marbles \"1-2---3-4|\"\nlet out = s | throttle 300ms\nsubscribe out as a\nask out a")
        server.classAnswers = [
            ClassAnswer(text: "1--2--3--(4|)", name: nil), ClassAnswer(text: "1--2--3--(4|)", name: nil),
            ClassAnswer(text: "1|", name: nil), ClassAnswer(text: "-----2---(4|)", name: nil),
        ]
        output.clear()
        run("wait 2s\nask close\nwait 1s")
        #expect(
            output.text.contains(
                """
                [00:02.000] 4 answered, 1 of 4 right
                [00:02.000] right     -----2---(4|)
                [00:02.000] 2 said    1--2--3--(4|)
                [00:02.000]           ^
                [00:02.000]           this is what Combine's throttle(latest: true) would send (throttleLeading 300ms): \
                RAC 2's throttle: sends a value once no newer one comes for its interval
                [00:02.000] 1 said    1|
                [00:02.000]           ^
                > wait 1s

                """), "\(output.text)")
        Secrets.uninstall(server.token)
    }
}
