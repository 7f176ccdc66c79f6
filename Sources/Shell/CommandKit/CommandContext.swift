import Dataflow
import MarbleDiagrams
import OutputKinds
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
    /// The live subscriptions and the joins of every log of the session (`leaks`, `graph`).
    let subscriptions = SubscriptionBook()
    /// What the previous command printed, for the `expect` family.
    let transcript: CapturingSink
    let session: SessionState
    /// Colour and weight, when the output is a terminal that wants them.
    let style: Style
    private let console: ShellConsole
    /// The playground beside the app, on the same clock and event log; made on first use.
    private(set) lazy var playground: Playground = {
        let playground = Playground(
            scheduler: clock.scheduler, log: instrumentation.eventLog, app: AppStreamsAdapter(navigator: navigator),
            say: { [weak self] line in self?.say(line) })
        subscriptions.read(playground.inputs)
        return playground
    }()

    init(
        navigator: Navigator, clock: ShellClock, service: any PhotoSearchService, instrumentation: Instrumentation,
        transcript: CapturingSink, console: ShellConsole, style: Style, session: SessionState
    ) {
        self.style = style
        self.navigator = navigator
        self.clock = clock
        self.service = service
        self.instrumentation = instrumentation
        self.transcript = transcript
        self.console = console
        self.session = session
        subscriptions.read(instrumentation.eventLog)
        if let inputLog = instrumentation.inputLog { subscriptions.read(inputLog) }
    }

    /// Prints a line of output (through the console, so it is stamped like View output).
    func say(_ line: String) { console.print(line) }

    /// Prints a line of a kind its writer knows (`trace`, `end`), stamped as output is.
    func say(_ line: String, as kind: LineKind) { console.print(line, as: kind) }

    /// Narration (`say`, `answer`, a lesson's comments under `--step`): `mark` and the words in
    /// bold, recorded as the words themselves and as a chapter of the recording. `captured`:
    /// false for a line about the lesson rather than a command's output.
    func narrate(_ words: String, mark: String, captured: Bool = true) {
        let line = style.bold(mark + " " + words)
        transcript.narrate(words) { captured ? say(line) : sayUncaptured(line) }
    }

    /// A line about the lesson rather than any command's output (`--step`'s narration, its step
    /// back): stamped as output is, but never read by `expect` or `expect-all`.
    func sayUncaptured(_ line: String) {
        transcript.writeUncaptured((!transcript.writesJSONLines ? clock.stamp : "") + line + "\n", kind: .comment)
    }

    /// Keeps a figure for `export html` and shows it to a class following the session (`serve`);
    /// a muted replay (`goto`) does neither, as it prints nothing.
    func show(_ figure: MarblePage.Figure) {
        guard !transcript.isMuted else { return }
        session.keep(figure)
        transcript.publish { $0.figure(figure) }
    }

    /// True while a listing runs: what it prints folds to the session's width.
    var foldsLines: Bool {
        get { console.foldWidth != nil }
        set { console.foldWidth = newValue ? session.width : nil }
    }

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
    /// The reactive breakpoints, and the wait one stopped.
    let breaks = Breakpoints()
    /// The error of the last command other than an expectation, for `expect-error`.
    var previousFailure: String? {
        didSet { previousFailureForgiven = false }
    }
    /// True once an `expect-error` has retracted `previousFailure` from the count of failures.
    var previousFailureForgiven = false
    /// Lines shown under the error of the command that just failed (what `expect` looked at).
    var failureDetails: [String] = []
    /// The session itself, for the commands about the session (`history`, `save`, `goto`, `source`).
    weak var control: (any SessionControl)?
    /// How the session was started (its flags), for the header of a saved lesson.
    var startedWith = ""
    /// True when `source` shows each command it runs.
    var echoesSourcedCommands = false
    /// True once the session reads lines at the prompt, where the virtual clock may play.
    var isAtPrompt = false
    /// `expect-all on`: each command's lines must be accounted for by the expectations after it.
    var expectsAll = false
    /// The lines of the last command, waiting for expectations, while `expectsAll`.
    var account: OutputAccount?
    /// True after an `answer` line asked its question in a lesson run without `--grade`: the
    /// checks right after it are for a learner's answer, so they are skipped.
    var isUnanswered = false
    /// The speed `clock play` plays at (`clock speed`).
    var speed = Playback.Speed.normal
    /// How deep `source` is nested: a file that sources itself stops at `maximumSourceDepth`.
    var sourceDepth = 0
    /// The files `source` is reading now, outermost first.
    var sourcing: [SourcedFile] = []
    /// True while `changes on`: each command is followed by what it changed in the top ViewModel.
    var showsChanges = false
    /// Every diagram `marbles` and `graph` drew, for `export html` (the latest `figureLimit`).
    var figures: [MarblePage.Figure] = []
    static let figureLimit = 100

    /// Keeps a figure for `export html`, forgetting the oldest past `figureLimit`.
    func keep(_ figure: MarblePage.Figure) {
        figures.append(figure)
        if figures.count > Self.figureLimit { figures.removeFirst() }
    }
    /// The columns listings fold to: the terminal's width, or 80 in script mode.
    var width = 80
    /// The terminal's rows, or 24 in script mode: a recording's screen.
    var height = 24
    /// On the live clock under `--step` or at an interactive terminal: shows the time a `wait`
    /// has left, once a second.
    var countdown: (any WaitCountdown)?
    /// Makes the server `serve on` starts; nil in a build without one (the quick build).
    var makeServer: (() -> any SessionServing)?
    /// Where the session was last served (the port it got, when 0 was asked), for a `serve on`
    /// that names no address: the pages still open follow again.
    var lastServed: ServeAddress?
    /// How the clock runs as the served page says it ("playing at 1x", "paused"), once `clock`
    /// changed it: a page that opens later is told too.
    var pageClock: String?

    init(drainTimeout: Duration) { self.drainTimeout = drainTimeout }
}

/// What the commands about the session may ask of it.
@MainActor
protocol SessionControl: AnyObject {
    /// Every command run so far, numbered.
    var log: CommandLog { get }
    /// The context as it is now: `goto` replaces it.
    var context: CommandContext { get }
    /// Rebuilds the session as it was right after command `number` (0: the start).
    func rebuild(upTo number: Int) throws(CommandFailure)
    /// `set format jsonl` (true) or `set format text`.
    var writesJSONLines: Bool { get set }
    /// Runs a script file (or standard input, "-") inside the session; the number of its
    /// commands that failed.
    func source(_ path: String) throws(CommandFailure) -> Int
}
