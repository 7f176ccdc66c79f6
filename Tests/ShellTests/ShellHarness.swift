import PhotoModel
import Reactive
import TestSupport

@testable import Shell

/// Keeps everything the shell writes, in order, with stderr lines marked.
@MainActor
final class MemoryOutput: OutputSink {
    private(set) var text = ""
    func writeOutput(_ text: String) { self.text += text }
    func writeError(_ text: String) { self.text += "ERR " + text }
}

/// A shell on the virtual clock with a fake service, fed lines as a script would be.
@MainActor
protocol ShellScripting {
    var shell: Shell { get }
    var output: MemoryOutput { get }
}

extension ShellScripting {
    /// Runs lines as a script (echoed) and leaves the session open for more.
    @discardableResult
    func run(_ lines: String, bail: Bool = false) -> ScriptRunner {
        let runner = ScriptRunner(shell: shell, echo: true, bail: bail)
        _ = runner.run(.commands(lines.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)))
        return runner
    }

    /// Runs lines as a script, ends the session as the end of input does, and returns the
    /// whole transcript and the exit status.
    func script(_ lines: String, bail: Bool = false) -> (String, Int32) {
        let runner = run(lines, bail: bail)
        let status = runner.finish()
        return (output.text, status)
    }
}
