import EventLoop
import Glibc
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

    /// A program that starts another holding its output open and exits: its exit ends the wait,
    /// and what it started is killed with it (it shares its process group, which is not vmsh's).
    @Test func aProgramsExitEndsTheWaitAndWhatItStartedDiesWithIt() throws {
        let folder = "/tmp/vmsh-helper-\(getpid())"
        mkdir(folder, 0o700)
        defer { rmdir(folder) }
        for (script, expected) in [("exit 3", nil), ("echo drawn; exit 0", "drawn\n")] {
            let marker = folder + "/started"
            // The sleeper says its pid, then holds the pipe; the program exits at once.
            let started = "(sleep 30; echo late) & echo $! > \(marker); \(script)"
            let start = ContinuousClock.now
            let output = HelperProgram.output(of: "sh", arguments: ["-c", started], input: "", limit: .seconds(5))
            #expect(output == expected)
            #expect(ContinuousClock.now - start < .seconds(1), "the exit ended the wait: \(script)")
            let sleeper = try #require(pid_t(try contents(of: marker).split(separator: "\n").first ?? ""))
            unlink(marker)
            // Killed: gone, or a zombie until whoever adopted it reaps it.
            let deadline = ContinuousClock.now + .seconds(5)
            while isRunning(sleeper), ContinuousClock.now < deadline { usleep(10_000) }
            #expect(!isRunning(sleeper), "the program's sleep \(sleeper) still runs: \(script)")
        }
    }

    private func contents(of path: String) throws -> String {
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = Glibc.read(fd, &bytes, bytes.count)
        return String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
    }

    /// True while `pid` is a process that is not a zombie (its state in /proc/PID/stat).
    private func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? contents(of: "/proc/\(pid)/stat"), let end = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(end, offsetBy: 2)] != "Z"
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
