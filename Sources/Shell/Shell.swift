import PhotoModel
import Reactive
import TerminalViews
import ViewModels

/// The shell's state and command dispatch: a navigation stack of live ViewModels, driven one
/// line at a time. It never reads input itself; `ScriptRunner` (and the line editor) feed it.
@MainActor
public final class Shell {
    public let clock: ShellClock
    public let navigator: Navigator
    public let instrumentation: Instrumentation
    let service: any PhotoSearchService
    let console: ShellConsole
    /// Everything written, also kept since the last command began, for `expect`.
    let output: CapturingSink
    /// The running `trace`, if on.
    var traceSubscription: (any Disposable)?
    /// The error of the last command other than an expectation, for `expect-error`.
    var previousFailure: String? {
        didSet { previousFailureForgiven = false }
    }
    /// True once an `expect-error` has retracted `previousFailure` from the count of failures.
    var previousFailureForgiven = false
    /// How long `wait idle` and the end of a script wait for pending work.
    public var drainTimeout: Duration
    /// True when the user asked to stop a wait (Ctrl-C in the interactive shell).
    public var isInterrupted: () -> Bool = { false }

    public init(
        service: any PhotoSearchService, clock: ShellClock, output: any OutputSink,
        style: Style = .plain, drainTimeout: Duration = .seconds(60),
        recentSearchStore: (any RecentSearchStore)? = nil
    ) {
        self.clock = clock
        self.service = service
        self.output = CapturingSink(output)
        self.drainTimeout = drainTimeout
        let scheduler = clock.scheduler
        instrumentation = Instrumentation(eventLog: EventLog(clock: { scheduler.now }))
        console = ShellConsole(sink: self.output, clock: clock)
        navigator = Navigator(
            searchService: service, scheduler: scheduler, console: console, style: style,
            recentSearchStore: recentSearchStore, instrumentation: instrumentation)
        navigator.start()
    }

    /// Runs one line of input (already decoded and trimmed of its newline).
    public func run(line: String) -> LineOutcome {
        let trimmed = line.trimmingSpaces
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return .succeeded }
        let name: String
        let argument: String
        if let space = trimmed.firstIndex(where: \.isWhitespace) {
            name = String(trimmed[..<space])
            argument = String(trimmed[space...]).trimmingSpaces
        } else {
            name = trimmed
            argument = ""
        }
        let command = Self.command(named: name)
        if let command, command.readsPreviousOutput { return runCommand(command, argument) }
        output.beginCommand()
        let outcome = command.map { runCommand($0, argument) } ?? .failed(Self.unknown(name))
        if case .failed(let message) = outcome { previousFailure = message } else { previousFailure = nil }
        return outcome
    }

    private static func unknown(_ name: String) -> String {
        let shown = name.sanitizedForTerminal.prefix(40)
        if let guess = suggestion(for: name) { return "unknown command '\(shown)' (did you mean '\(guess)'?)" }
        return "unknown command '\(shown)' (type 'help' for the list)"
    }

    private func runCommand(_ command: ShellCommand, _ argument: String) -> LineOutcome {
        do {
            return try command.run(self, argument)
        } catch let failure as CommandFailure {
            return .failed(failure.message)
        } catch {
            return .failed("\(error)")
        }
    }

    /// Prints a line of output (through the console, so it is stamped like View output).
    func say(_ line: String) { console.print(line) }

    var searchViewModel: SearchViewModel {
        guard let root = navigator.root else { preconditionFailure("the root is pushed at start") }
        return root.search
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
