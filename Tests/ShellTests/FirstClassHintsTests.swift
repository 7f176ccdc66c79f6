import ShellTestSupport
import Testing

@testable import Shell

/// What a teacher's first class tripped on, said where it happens: a wait without its unit,
/// a usage that repeated its flags.
@MainActor
struct FirstClassHintsTests: FakeShellSuite {
    let fake = FakeShell()

    @Test func aBareNumberToWaitIsToldItsUnit() {
        let (transcript, status) = script("wait 3\nwait soon")
        let errors = transcript.split(separator: "\n").filter { $0.hasPrefix("ERR ") }
        #expect(
            errors == [
                "ERR vmsh: -c:1: wait needs a duration such as 500ms, 2s, 1.5m or 1h, at most 24h, or 'idle' "
                    + "(a number needs its unit: wait 3s or wait 3ms)",
                "ERR vmsh: -c:2: wait needs a duration such as 500ms, 2s, 1.5m or 1h, at most 24h, or 'idle'",
            ])
        #expect(status == 1)
    }

    @Test func marblesSaysItsFlagsOnce() {
        run("help marbles")
        let usage = output.text.split(separator: "\n").prefix(3).joined(separator: " ")
        #expect(usage.contains("usage: marbles ROW|NAME [--paste] [--inputs] [--all] [--from TIME]"), "\(usage)")
        #expect(!output.text.contains("--paste|--inputs|--all"))
    }
}
