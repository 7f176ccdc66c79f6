import OutputKinds
import PhotoModel
import Reactive
import TerminalViews
import ViewModels

/// The shell: a navigation stack of live ViewModels, driven one line at a time through the
/// command table. It never reads input itself; `ScriptRunner` (and the line editor) feed it.
@MainActor
public final class Shell: SessionControl {
    public internal(set) var clock: ShellClock
    public internal(set) var navigator: Navigator
    package var context: CommandContext
    /// Everything written, also kept since the last command began, for `expect`.
    package let output: CapturingSink
    /// Every command run, numbered, for `history`, `save` and `goto`.
    package let log = CommandLog()
    let style: Style
    let recentSearchStore: (any RecentSearchStore)?
    /// Makes a fresh Model service on a new clock, for `goto`; nil when the service cannot be.
    let makeService: ((any Scheduler) -> any PhotoSearchService)?
    private var lastCommandReadPreviousOutput = false

    package init(
        service: any PhotoSearchService, clock: ShellClock, output: any OutputSink,
        style: Style = .plain, drainTimeout: Duration = .seconds(60),
        recentSearchStore: (any RecentSearchStore)? = nil,
        makeService: ((any Scheduler) -> any PhotoSearchService)? = nil, table: CommandTable,
        eventLimit: Int = 100_000
    ) {
        self.clock = clock
        self.output = CapturingSink(output)
        self.style = style
        self.recentSearchStore = recentSearchStore
        self.makeService = makeService
        (navigator, context) = Self.makeSession(
            service: service, clock: clock, output: self.output, style: style, recentSearchStore: recentSearchStore,
            session: SessionState(table: table, drainTimeout: drainTimeout, eventLimit: eventLimit))
        context.session.control = self
        self.output.isUpdate = { [unowned self] in self.clock.isRunningTimers }
        self.output.now = { [unowned self] in self.clock.now }
    }

    /// A navigator with its root pushed, and the context commands run in.
    static func makeSession(
        service: any PhotoSearchService, clock: ShellClock, output: CapturingSink, style: Style,
        recentSearchStore: (any RecentSearchStore)?, session: SessionState
    ) -> (Navigator, CommandContext) {
        let scheduler = clock.scheduler
        let eventLog = EventLog(clock: { scheduler.now }, limit: session.eventLimit)
        let instrumentation = Instrumentation(
            eventLog: eventLog,
            inputLog: EventLog(clock: { scheduler.now }, limit: session.eventLimit / 10, numberedWith: eventLog))
        let console = ShellConsole(sink: output, clock: clock)
        let navigator = Navigator(
            searchService: service, scheduler: scheduler, console: console, style: style,
            recentSearchStore: recentSearchStore, instrumentation: instrumentation)
        let context = CommandContext(
            navigator: navigator, clock: clock, service: service, instrumentation: instrumentation,
            transcript: output, console: console, style: style, session: session)
        navigator.start()
        return (navigator, context)
    }

    /// Every command, by topic.
    package var table: CommandTable { context.session.table }

    /// How long `wait idle` and the end of a script wait for pending work.
    public var drainTimeout: Duration { context.session.drainTimeout }

    /// Set by the interactive shell: true when the user asked to stop a wait (Ctrl-C).
    public var isInterrupted: () -> Bool {
        get { context.session.terminal.isInterrupted }
        set { context.session.terminal.isInterrupted = newValue }
    }

    /// How the session was started (the flags), for the header of a saved lesson.
    public var startedWith: String {
        get { context.session.scripts.startedWith }
        set { context.session.scripts.startedWith = newValue }
    }

    /// The columns `help` and other listings fold to.
    public var width: Int {
        get { context.session.terminal.width }
        set { context.session.terminal.width = max(newValue, 40) }
    }

    /// The rows of the screen a recording (`export cast`) is played on.
    public var height: Int {
        get { context.session.terminal.height }
        set { context.session.terminal.height = max(newValue, 10) }
    }

    /// `--step`: the pacer also counts down the live clock's waits.
    public func pace(with pacer: any WaitCountdown) {
        if clock.isLive { context.session.terminal.countdown = pacer }
    }

    /// An interactive session at a terminal: a live `wait` that lasts shows its time left on
    /// `line` (unless the pacer already does).
    public func showProgress(on line: any WaitCountdown) {
        if clock.isLive, context.session.terminal.countdown == nil { context.session.terminal.countdown = line }
    }

    /// The line just echoed (`--echo`), which the recording and a served page have shown already.
    private var echoed: String?

    /// Where the line being run comes from (`FILE:LINE`), set by the script runner: where
    /// `expect-all` says a line it printed was not expected.
    public var runningAt: String?

    /// True once the session reads lines at the prompt: only there may the virtual clock play,
    /// since a script's time moves only on `wait`.
    public var isAtPrompt: Bool {
        get { context.session.terminal.isAtPrompt }
        set { context.session.terminal.isAtPrompt = newValue }
    }

    /// True when `source` shows each command it runs (scripts with --echo, the interactive shell).
    public var echoesSourcedCommands: Bool {
        get { context.session.scripts.echoesSourcedCommands }
        set { context.session.scripts.echoesSourcedCommands = newValue }
    }

    /// Runs one line of input (already decoded and trimmed of its newline, and `admitted` by a
    /// reader that shows it first; admitting it again here changes nothing).
    public func run(line: String) -> LineOutcome {
        let trimmed = admitted(line).trimmingSpaces
        guard !trimmed.isEmpty else { return .succeeded }
        if trimmed.hasPrefix("#") {
            // A script's comments are its runner's: one that reaches here was typed.
            takeTypedComment(trimmed)
            return .succeeded
        }
        let (name, argument) = Self.split(trimmed)
        let command = table.command(named: name)
        let wasEchoed = echoed == trimmed
        echoed = nil
        if !wasEchoed {
            // The terminal shows a typed command; a page sees only what is written, so it is told,
            // as the echo would show it (a hidden check without its text).
            output.publish { $0.command(shown(trimmed).sanitizedForTerminal) }
            markChapter(trimmed, command)
        }
        lastCommandReadPreviousOutput = command?.readsPreviousOutput ?? false
        if let command, isLeftForGrade(command, shown: wasEchoed || isAtPrompt) { return .succeeded }
        if command?.isExpectation != true { context.session.expectations.isUnanswered = false }
        if let command, command.readsPreviousOutput { return runExpectation(command, trimmed, argument) }
        return runCommand(command, trimmed, name, argument)
    }

    /// Prints a script line as `> line` (`--echo`); not part of any command's output.
    public func echo(_ line: String) {
        if table.command(named: Self.split(line).name)?.isNarration != true {
            output.markCommand(shown(line), typed: nil)
        }
        echoed = line
        output.running.start(number(for: line))
        output.writeUncaptured("> \(shown(line).sanitizedForTerminal)\n", kind: .command)
        output.running.end()
    }

    /// A lesson's first comment (not a saved lesson's header), or the first typed at the prompt:
    /// the lesson's title (`export`'s, the served page's heading), unless one was taken.
    func takeTitle(_ comment: String) {
        let words = comment.commentWords.sanitizedForTerminal
        guard context.session.scripts.title == nil, !words.isEmpty, !LessonHeader.isHeader(comment) else { return }
        context.session.scripts.title = words
        output.publish { $0.title(words) }
    }

    /// A comment typed at the prompt: the terminal shows it as typed; the transcript, the pages
    /// and `save` keep it, and the first one is the lesson's title.
    func takeTypedComment(_ comment: String) {
        takeTitle(comment)
        output.recordTypedComment(comment.sanitizedForTerminal)
        log.append(entry(comment, nil, clock.position, .succeeded, output: "", nil))
    }

    /// Prints a script's comment line as it is (`--echo`).
    public func echoComment(_ line: String) { output.writeUncaptured("\(line.sanitizedForTerminal)\n", kind: .comment) }

    /// `--format jsonl` (true) or the human transcript.
    public var writesJSONLines: Bool {
        get { output.writesJSONLines }
        set {
            output.writesJSONLines = newValue
            // Switched during a command (`set format jsonl`): its own confirmation belongs to it.
            if newValue { output.running.start(log.nextNumber) }
        }
    }

    /// Prints an error line to standard error, as `vmsh: message`, then what the failed command
    /// has to show under it (an `expect` shows the output it looked at).
    public func reportError(_ message: String, details: [String] = []) {
        reportError(message, details: details, as: .error)
    }

    /// An error line of `kind`: a failure, or what the end of input had to cancel (`report`).
    func reportError(_ message: String, details: [String] = [], as kind: LineKind) {
        // An expectation's own report is not part of the output the next expectation reads.
        let write: (String) -> Void =
            lastCommandReadPreviousOutput ? output.base.writeError : { [output] in output.write($0, as: kind) }
        write("vmsh: \(message.sanitizedForTerminal)\n")
        for line in details { write("vmsh:   | \(line.sanitizedForTerminal)\n") }
    }

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
    /// A comment line's words: without its `#`s and the spaces around them.
    package var commentWords: String { String(drop { $0 == "#" }).trimmingSpaces }

    public var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
