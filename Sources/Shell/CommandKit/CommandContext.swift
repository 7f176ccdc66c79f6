import Dataflow
import MarbleDiagrams
import OutputKinds
import PhotoModel
import Reactive
import TerminalViews
import ViewModels

/// What a command's handler may use: the navigation stack, the clock, the Model service, the
/// instruments, a way to print, and the little state commands keep between lines.
@MainActor
package final class CommandContext {
    package let navigator: Navigator
    package let clock: ShellClock
    package let service: any PhotoSearchService
    package let instrumentation: Instrumentation
    /// The live subscriptions and the joins of every log of the session (`leaks`, `graph`).
    package let subscriptions = SubscriptionBook()
    /// What the previous command printed, for the `expect` family.
    package let transcript: CapturingSink
    package let session: SessionState
    /// Colour and weight, when the output is a terminal that wants them.
    let style: Style
    private let console: ShellConsole

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
    package func say(_ line: String) { console.print(line) }

    /// Prints a line for the terminal alone (a student's name): never recorded, exported,
    /// served to the pages or read by `expect`.
    package func sayToTerminalOnly(_ line: String) { console.printToTerminalOnly(line) }

    /// Prints a line of a kind its writer knows (`trace`, `end`), stamped as output is.
    package func say(_ line: String, as kind: LineKind) { console.print(line, as: kind) }

    /// Narration (`say`, `answer`, a lesson's comments under `--step`): `mark` and the words in
    /// bold, recorded as the words themselves and as a chapter of the recording. `captured`:
    /// false for a line about the lesson rather than a command's output.
    package func narrate(_ words: String, mark: String, captured: Bool = true) {
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
    package func show(_ figure: MarblePage.Figure) {
        guard !transcript.isMuted else { return }
        session.shown.keep(figure)
        transcript.publish { $0.figure(figure) }
    }

    /// True while a listing runs: what it prints folds to the session's width.
    var foldsLines: Bool {
        get { console.foldWidth != nil }
        set { console.foldWidth = newValue ? lineWidth : nil }
    }

    /// The columns a line of output may take: the terminal's, less the clock's stamp that goes
    /// before each line of text under the virtual clock (as JSON lines the time is a field).
    package var lineWidth: Int {
        max(session.terminal.width - (transcript.writesJSONLines ? 0 : clock.stamp.count), 20)
    }

    /// The root ViewModel, which the navigator pushes before any command runs.
    package var search: SearchViewModel {
        guard let search = navigator.search else { preconditionFailure("the root is pushed at start") }
        return search
    }
}

/// What the commands about the session may ask of it.
@MainActor
package protocol SessionControl: AnyObject {
    /// Every command run so far, numbered.
    var log: CommandLog { get }
    /// The context as it is now: `goto` replaces it.
    var context: CommandContext { get }
    /// Rebuilds the session as it was right after command `number` (0: the start).
    func rebuild(upTo number: Int, as kind: RebuildKind) throws(CommandFailure)
    /// The same, with the lines of some commands (by number) replayed as others: what the session
    /// would have been had they been typed so (a misreading, `predict` asks).
    func rebuild(upTo number: Int, as kind: RebuildKind, replacing lines: [Int: String]) throws(CommandFailure)
    /// `set format jsonl` (true) or `set format text`.
    var writesJSONLines: Bool { get set }
    /// Runs a script file (or standard input, "-") inside the session; the number of its
    /// commands that failed.
    func source(_ path: String) throws(CommandFailure) -> Int
    /// Runs one line as if typed (a control from the teacher's served page).
    func run(line: String) -> LineOutcome
    /// A student's own copy of the session as it stands (`class fork on`), to be replayed a few
    /// commands at a time.
    func startFork() throws(CommandFailure) -> ForkBuild
}

/// Why the session is rebuilt, which says how.
package enum RebuildKind {
    /// `goto`, `undo`: exactly as it was, and the pages told.
    case rewind
    /// Under another pipeline (`compare`): every timer due runs, not only as many as ran before,
    /// and the pages are not told.
    case comparison
    /// Back as it was after a comparison: exactly, the pages not told.
    case restore
}
