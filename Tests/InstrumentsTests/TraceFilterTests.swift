import ShellTestSupport
import Testing

/// A trace filter that can match nothing says so, and lists the streams there are.
@MainActor
struct TraceFilterTests: FakeShellSuite {
    let fake = FakeShell()

    @Test func aFilterNoStreamCanMatchIsNamedWithTheStreamsThereAre() {
        run("trace on nonsense")
        // Folded to 80 columns with the clock's stamp in front.
        #expect(output.text.contains("no stream is named with \"nonsense\"; the streams: search ·\n"))
        #expect(output.text.contains("row …, photo …,\n[00:00.000] gallery …, play …\n"))
    }

    @Test func aFilterForStreamsToComeIsTakenQuietly() {
        run("trace on row 1\ntrace on play · x\ntrace on command")
        #expect(!output.text.contains("no stream"))
    }
}
