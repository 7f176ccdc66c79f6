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
    let console: ShellConsole
    let output: any OutputSink
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
        self.output = output
        self.drainTimeout = drainTimeout
        console = ShellConsole(sink: output, clock: clock)
        navigator = Navigator(
            searchService: service, scheduler: clock.scheduler, console: console, style: style,
            recentSearchStore: recentSearchStore)
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
        guard let command = Self.command(named: name) else {
            let shown = name.sanitizedForTerminal.prefix(40)
            if let guess = Self.suggestion(for: name) {
                return .failed("unknown command '\(shown)' (did you mean '\(guess)'?)")
            }
            return .failed("unknown command '\(shown)' (type 'help' for the list)")
        }
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
