import EventLoop
import Testing

/// A helper program (Graphviz's dot, here the system's own tools) gives its output only when it
/// ends well and in time; otherwise nil, and vmsh never waits past the limit.
struct HelperProgramTests {
    @Test func itsOutputForTheInputGiven() {
        #expect(HelperProgram.output(of: "cat", input: "a\nb", limit: .seconds(10)) == "a\nb")
        #expect(
            HelperProgram.output(of: "echo", arguments: ["one", "two"], input: "", limit: .seconds(10)) == "one two\n")
        // More than a pipe holds each way: written while read, neither side stuck.
        let large = String(repeating: "0123456789abcdef", count: 1 << 16)
        #expect(HelperProgram.output(of: "cat", input: large, limit: .seconds(10)) == large)
        // No shell: the argument is a word, not a command line.
        #expect(
            HelperProgram.output(of: "echo", arguments: ["$HOME;", "x"], input: "", limit: .seconds(10)) == "$HOME; x\n"
        )
    }

    @Test func itsStandardErrorGoesNowhere() {
        let output = HelperProgram.output(
            of: "sh", arguments: ["-c", "echo warning >&2; readlink /proc/self/fd/2"], input: "", limit: .seconds(10))
        #expect(output == "/dev/null\n")
    }

    @Test func nothingFromAProgramMissingFailingOrWritingTooMuch() {
        #expect(HelperProgram.output(of: "vmsh-no-such-program", input: "x", limit: .seconds(10)) == nil)
        #expect(
            HelperProgram.output(of: "sh", arguments: ["-c", "echo out; exit 3"], input: "", limit: .seconds(10)) == nil
        )
        #expect(HelperProgram.output(of: "sh", arguments: ["-c", "kill -9 $$"], input: "", limit: .seconds(10)) == nil)
        #expect(HelperProgram.output(of: "yes", input: "", limit: .seconds(10), outputLimit: 1000) == nil)
        #expect(
            HelperProgram.output(of: "printf", arguments: ["\\377"], input: "", limit: .seconds(10)) == nil, "not UTF-8"
        )
    }

    /// A program that never reads its input, never writes, or closes its output and goes on: killed
    /// at the limit.
    @Test func nothingFromAProgramNotDoneInTime() {
        let large = String(repeating: "x", count: 1 << 20)
        for (arguments, input) in [
            (["-c", "sleep 10"], large), (["-c", "cat >/dev/null; sleep 10"], "x"),
            (["-c", "exec >&-; sleep 10"], "x"),
        ] {
            let start = ContinuousClock.now
            #expect(
                HelperProgram.output(of: "sh", arguments: arguments, input: input, limit: .milliseconds(300)) == nil)
            #expect(ContinuousClock.now - start < .seconds(3), "\(arguments)")
        }
    }
}
