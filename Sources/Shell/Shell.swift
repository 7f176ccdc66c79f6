import PhotoModel
import Reactive
import TerminalViews
import ViewModels

/// The shell: a navigation stack of live ViewModels, driven one line at a time through the
/// command table. It never reads input itself; `ScriptRunner` (and the line editor) feed it.
@MainActor
public final class Shell {
    public let clock: ShellClock
    public let navigator: Navigator
    let context: CommandContext
    let table = CommandTable.standard
    /// Everything written, also kept since the last command began, for `expect`.
    private let output: CapturingSink

    public init(
        service: any PhotoSearchService, clock: ShellClock, output: any OutputSink,
        style: Style = .plain, drainTimeout: Duration = .seconds(60),
        recentSearchStore: (any RecentSearchStore)? = nil
    ) {
        self.clock = clock
        self.output = CapturingSink(output)
        let scheduler = clock.scheduler
        let instrumentation = Instrumentation(eventLog: EventLog(clock: { scheduler.now }))
        let console = ShellConsole(sink: self.output, clock: clock)
        navigator = Navigator(
            searchService: service, scheduler: scheduler, console: console, style: style,
            recentSearchStore: recentSearchStore, instrumentation: instrumentation)
        context = CommandContext(
            navigator: navigator, clock: clock, service: service, instrumentation: instrumentation,
            transcript: self.output, console: console, session: SessionState(drainTimeout: drainTimeout))
        navigator.start()
    }

    /// How long `wait idle` and the end of a script wait for pending work.
    public var drainTimeout: Duration { context.session.drainTimeout }

    /// Set by the interactive shell: true when the user asked to stop a wait (Ctrl-C).
    public var isInterrupted: () -> Bool {
        get { context.session.isInterrupted }
        set { context.session.isInterrupted = newValue }
    }

    /// Runs one line of input (already decoded and trimmed of its newline).
    public func run(line: String) -> LineOutcome {
        let trimmed = line.trimmingSpaces
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return .succeeded }
        let name = String(trimmed.prefix { !$0.isWhitespace })
        let argument = String(trimmed.dropFirst(name.count)).trimmingSpaces
        let command = table.command(named: name)
        if let command, command.readsPreviousOutput { return run(command, argument) }
        output.beginCommand()
        let outcome = command.map { run($0, argument) } ?? .failed(unknown(name))
        if case .failed(let message) = outcome {
            context.session.previousFailure = message
        } else {
            context.session.previousFailure = nil
        }
        return outcome
    }

    private func run(_ command: ShellCommand, _ argument: String) -> LineOutcome {
        do throws(CommandFailure) {
            let arguments = try command.parse(argument).get()
            return try command.run(arguments, context)
        } catch {
            return .failed(error.message)
        }
    }

    private func unknown(_ name: String) -> String {
        let shown = name.sanitizedForTerminal.prefix(40)
        if let guess = table.suggestion(for: name) { return "unknown command '\(shown)' (did you mean '\(guess)'?)" }
        return "unknown command '\(shown)' (type 'help' for the list)"
    }

    /// Prints a script line as `> line` (`--echo`); not part of any command's output.
    public func echo(_ line: String) { output.base.writeOutput("> \(line.sanitizedForTerminal)\n") }

    /// Prints an error line to standard error, as `vmsh: message`.
    public func reportError(_ message: String) { output.writeError("vmsh: \(message.sanitizedForTerminal)\n") }

    /// Writes text as it is (a prompt for plain interactive input).
    public func write(_ text: String) { output.writeOutput(text) }

    /// Cancels the running search, if any (Ctrl-C); true when there was one.
    public func cancelRunningWork() -> Bool {
        guard let command = navigator.search?.executeSearch, command.isExecuting.value else { return false }
        command.cancel()
        return true
    }

    /// Ends all ViewModels (at exit).
    public func tearDown() { navigator.tearDown() }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
