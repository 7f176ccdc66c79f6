import Reactive

/// A student's own copy of the session (`class fork on`): a shell of its own, on a virtual clock
/// of its own, into which the teacher's commands so far were replayed, muted. What runs in it
/// touches nothing of the teacher's, writes no file, serves nothing and reads no script.
@MainActor
package final class Fork {
    /// The commands a fork runs: those that write and read pipelines, draw and explain.
    package static let commands: Set<String> = [
        "pipeline", "validation", "set", "compare", "marbles", "why", "stats", "code", "predict",
    ]
    /// What `set` may set in a fork.
    package static let settings: Set<String> = ["pipeline", "validation"]
    /// The commands one fork may run, the lines of output one command's reply may hold, and the
    /// forks a class may have open: each is a whole session, so fewer than the students a page
    /// serves.
    package static let stepLimit = 500
    package static let lineLimit = 200
    package static let classLimit = 250
    /// The events a fork's log keeps (the teacher's keeps 100,000): the log is most of what a fork
    /// holds (10,000 events are about 1.5 MiB), and `why` and `marbles --inputs` in a fork read the
    /// newest, the student's own.
    package static let eventLimit = 2_000

    let shell: Shell
    private let captured: ForkOutput
    package private(set) var steps = 0
    /// The last command the teacher's session had when the fork was made: after it, the student's.
    private let replayed: Int

    fileprivate init(shell: Shell, captured: ForkOutput) {
        self.shell = shell
        self.captured = captured
        replayed = shell.log.lastNumber
    }

    /// The fork's own context, for what the teacher's view reads of it (its pipelines).
    package var context: CommandContext { shell.context }

    /// The last pipeline the student wrote here (`pipeline mine = …`): its name and its line.
    package var written: (name: String, line: String)? {
        let entry = shell.log.entries.last {
            ($0.number ?? 0) > replayed && $0.succeeded && $0.line.hasPrefix("pipeline ")
        }
        guard let entry, let name = entry.line.split(separator: " ").dropFirst().first else { return nil }
        return (String(name), entry.line)
    }

    /// Runs `line` in the fork and returns what it printed, both streams, a line each, cleaned; a
    /// command outside the fork's few, or past its bound, is refused in one line.
    package func run(_ line: String) -> [String] {
        let (name, argument) = Shell.split(line.trimmingSpaces)
        if let refusal = refusal(name, argument) { return ["vmsh: " + refusal] }
        steps += 1
        captured.text = ""
        // Reported as the prompt reports a typed line's failure.
        if case .failed(let failure) = shell.run(line: line) {
            shell.reportError(failure.message, details: failure.details)
        }
        let lines = captured.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let kept = lines.prefix(Self.lineLimit).map { String($0).terminalField(limit: 400) }
        let cut = lines.count > Self.lineLimit ? ["… \(lines.count - Self.lineLimit) more lines"] : []
        return kept + cut
    }

    private func refusal(_ name: String, _ argument: String) -> String? {
        guard Self.commands.contains(name) else {
            let shown = name.isEmpty ? "an empty line" : name.terminalField(limit: 40)
            return "a fork runs only \(Self.commands.sorted().joined(separator: ", ")): \(shown) is not one of them"
        }
        if name == "set", !Self.settings.contains(Shell.split(argument).name) {
            return "a fork sets only its pipeline or its validation: set pipeline NAME, set validation NAME"
        }
        guard steps < Self.stepLimit else {
            return "this fork has run its \(Self.stepLimit) commands: the teacher's class fork on opens a new one"
        }
        return nil
    }
}

/// What a fork prints, kept for its reply.
private final class ForkOutput: OutputSink {
    var text = ""
    func writeOutput(_ text: String) { self.text += text }
    func writeError(_ text: String) { self.text += text }
}

/// A fork being built: the teacher's commands replayed into its shell a few at a time, so that
/// the teacher's own commands (and other students' forks) go on between them.
@MainActor
package final class ForkBuild {
    private let shell: Shell
    private let captured: ForkOutput
    private var steps: ArraySlice<CommandLog.Step>
    /// Commands recorded on the live clock ran their timers at whatever action they had reached;
    /// the fork's virtual clock runs all of those due by each recorded time.
    private let live: Bool
    /// The teacher's command the fork stands after.
    package let through: Int

    fileprivate init(shell: Shell, captured: ForkOutput, steps: [CommandLog.Step], live: Bool, through: Int) {
        self.shell = shell
        self.captured = captured
        self.steps = steps[...]
        self.live = live
        self.through = through
    }

    /// Replays the next commands for about `budget` (at least one); the fork once none is left.
    package func advance(for budget: Duration) -> Fork? {
        let clock = ContinuousClock()
        let start = clock.now
        let moved = { [live] (position: ClockPosition) in
            live ? ClockPosition(time: position.time, actions: .max) : position
        }
        while let step = steps.first {
            steps = steps.dropFirst()
            // Each command where the clock stood when it started, then run as typed (a wait waits):
            // logged in the fork too, so its compare can replay it again.
            shell.clock.advance(to: moved(step.started))
            _ = shell.run(line: step.line)
            shell.clock.advance(to: moved(step.ended))
            if clock.now - start >= budget { break }
        }
        guard steps.isEmpty else { return nil }
        shell.output.isMuted = false
        return Fork(shell: shell, captured: captured)
    }
}

extension Shell {
    /// The session as it stands after its last command, rebuilt as `goto` rebuilds it into a
    /// shell of its own: the fork a student writes in, replayed by `ForkBuild.advance`.
    package func startFork() throws(CommandFailure) -> ForkBuild {
        guard let makeService else { throw CommandFailure("forks work on the embedded catalog") }
        let captured = ForkOutput()
        let scheduler = VirtualScheduler()
        let shell = Shell(
            service: makeService(scheduler), clock: .virtual(scheduler, mailbox: clock.mailbox), output: captured,
            drainTimeout: context.session.drainTimeout, makeService: makeService, table: table,
            eventLimit: Fork.eventLimit)
        // Graded answers are confined the same way: no file written or read, no server.
        shell.context.session.scripts.confinedBy = "a fork"
        shell.output.isMuted = true
        return ForkBuild(
            shell: shell, captured: captured, steps: log.steps(through: log.lastNumber), live: clock.isLive,
            through: log.lastNumber)
    }
}
