import PhotoModel
import Playground
import Reactive
import TerminalViews
import ViewModels

/// What a command's handler may use: the navigation stack, the clock, the Model service, the
/// instruments, a way to print, and the little state commands keep between lines.
@MainActor
final class CommandContext {
    let navigator: Navigator
    let clock: ShellClock
    let service: any PhotoSearchService
    let instrumentation: Instrumentation
    /// What the previous command printed, for the `expect` family.
    let transcript: CapturingSink
    let session: SessionState
    private let console: ShellConsole
    /// The playground beside the app, on the same clock and event log; made on first use.
    private(set) lazy var playground = Playground(
        scheduler: clock.scheduler, log: instrumentation.eventLog, app: AppStreamsAdapter(navigator: navigator),
        say: { [weak self] line in self?.say(line) })

    init(
        navigator: Navigator, clock: ShellClock, service: any PhotoSearchService, instrumentation: Instrumentation,
        transcript: CapturingSink, console: ShellConsole, session: SessionState
    ) {
        self.navigator = navigator
        self.clock = clock
        self.service = service
        self.instrumentation = instrumentation
        self.transcript = transcript
        self.console = console
        self.session = session
    }

    /// Prints a line of output (through the console, so it is stamped like View output).
    func say(_ line: String) { console.print(line) }

    /// The root ViewModel, which the navigator pushes before any command runs.
    var search: SearchViewModel {
        guard let search = navigator.search else { preconditionFailure("the root is pushed at start") }
        return search
    }
}

/// What the shell remembers between command lines.
@MainActor
final class SessionState {
    /// How long `wait idle` and the end of a script wait for pending work.
    var drainTimeout: Duration
    /// True when the user asked to stop a wait (Ctrl-C in the interactive shell).
    var isInterrupted: () -> Bool = { false }
    /// The running `trace`, if on.
    var trace: (any Disposable)?
    /// The error of the last command other than an expectation, for `expect-error`.
    var previousFailure: String? {
        didSet { previousFailureForgiven = false }
    }
    /// True once an `expect-error` has retracted `previousFailure` from the count of failures.
    var previousFailureForgiven = false

    init(drainTimeout: Duration) { self.drainTimeout = drainTimeout }
}
