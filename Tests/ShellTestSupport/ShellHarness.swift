import PhotoModel
import Reactive
import Shell
import StandardShell
import TestSupport

/// Keeps everything the shell writes, in order, with stderr lines marked.
@MainActor
package final class MemoryOutput: OutputSink {
    package private(set) var text = ""
    package init() {}
    package func writeOutput(_ text: String) { self.text += text }
    package func writeError(_ text: String) { self.text += "ERR " + text }
    /// Forgets what was written, for a test that checks many commands one at a time.
    package func clear() { text = "" }
}

/// A shell on the virtual clock with a fake service, fed lines as a script would be.
@MainActor
package protocol ShellScripting {
    var shell: Shell { get }
    var output: MemoryOutput { get }
}

extension ShellScripting {
    /// Runs lines as a script (echoed) and leaves the session open for more.
    @discardableResult
    package func run(_ lines: String, bail: Bool = false) -> ScriptRunner {
        let runner = ScriptRunner(shell: shell, echo: true, bail: bail)
        _ = runner.run(.commands(lines.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)))
        return runner
    }

    /// Runs lines as a script, ends the session as the end of input does, and returns the
    /// whole transcript and the exit status.
    package func script(_ lines: String, bail: Bool = false) -> (String, Int32) {
        let runner = run(lines, bail: bail)
        let status = runner.finish()
        return (output.text, status)
    }
}

/// The usual parts of a shell test: the virtual clock, a fake service, and a shell writing to
/// memory.
@MainActor
package struct FakeShell {
    package let scheduler = VirtualScheduler()
    package let output = MemoryOutput()
    package let service: FakeSearchService
    package let shell: Shell

    /// `rewinds`: `goto` and `undo` work, on a fresh fake with as many photos as this one.
    package init(rewinds: Bool = false) {
        let service = FakeSearchService(scheduler: scheduler)
        self.service = service
        var makeService: ((any Scheduler) -> any PhotoSearchService)?
        if rewinds {
            makeService = { scheduler in
                let fresh = FakeSearchService(scheduler: scheduler as? VirtualScheduler ?? VirtualScheduler())
                fresh.photoCount = service.photoCount
                return fresh
            }
        }
        shell = Shell(service: service, clock: .virtual(scheduler), output: output, makeService: makeService)
    }

    /// A shell `goto` and `undo` can rebuild: each rebuilt session gets a fresh service that
    /// finds `photoCount` photos, as the first one does.
    package init(rewindingWith photoCount: Int) {
        service = FakeSearchService(scheduler: scheduler)
        service.photoCount = photoCount
        shell = Shell(
            service: service, clock: .virtual(scheduler), output: output,
            makeService: {
                let fresh = FakeSearchService(scheduler: $0 as? VirtualScheduler ?? VirtualScheduler())
                fresh.photoCount = photoCount
                return fresh
            })
    }
}

/// A suite made of a `FakeShell`, whose parts it names directly.
@MainActor
package protocol FakeShellSuite: ShellScripting {
    var fake: FakeShell { get }
}

extension FakeShellSuite {
    package var scheduler: VirtualScheduler { fake.scheduler }
    package var output: MemoryOutput { fake.output }
    package var service: FakeSearchService { fake.service }
    package var shell: Shell { fake.shell }
}

extension FakeShell {
    /// The tutorial's own row pipeline, as a learner writes it.
    package static let tutorialPipeline =
        "pipeline tutorial = isVisible | filter true | delay 1s | takeUntil hidden | flattenMap metadata"
    /// The tutorial's row story: a search, rows 1-10 shown, hidden by a scroll 0.2 s later and shown
    /// again, then 3 s for what a row's pipeline does.
    package static let shownHiddenShown = "search sunset\nwait 500ms\nscroll down\nwait 200ms\nscroll up\nwait 3s"
}
