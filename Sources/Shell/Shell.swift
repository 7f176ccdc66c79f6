import PhotoModel
import Reactive
import TerminalViews
import ViewModels

/// The shell: a navigation stack of live ViewModels, driven one line at a time through the
/// command table. It never reads input itself; `ScriptRunner` (and the line editor) feed it.
@MainActor
public final class Shell: SessionControl {
    public private(set) var clock: ShellClock
    public private(set) var navigator: Navigator
    private(set) var context: CommandContext
    let table = CommandTable.standard
    /// Everything written, also kept since the last command began, for `expect`.
    let output: CapturingSink
    /// Every command run, numbered, for `history`, `save` and `goto`.
    let log = CommandLog()
    private let style: Style
    private let recentSearchStore: (any RecentSearchStore)?
    /// Makes a fresh Model service on a new clock, for `goto`; nil when the service cannot be.
    private let makeService: ((any Scheduler) -> any PhotoSearchService)?
    private var lastCommandReadPreviousOutput = false

    public init(
        service: any PhotoSearchService, clock: ShellClock, output: any OutputSink,
        style: Style = .plain, drainTimeout: Duration = .seconds(60),
        recentSearchStore: (any RecentSearchStore)? = nil,
        makeService: ((any Scheduler) -> any PhotoSearchService)? = nil
    ) {
        self.clock = clock
        self.output = CapturingSink(output)
        self.style = style
        self.recentSearchStore = recentSearchStore
        self.makeService = makeService
        (navigator, context) = Self.makeSession(
            service: service, clock: clock, output: self.output, style: style, recentSearchStore: recentSearchStore,
            session: SessionState(drainTimeout: drainTimeout))
        context.session.control = self
        self.output.isUpdate = { [unowned self] in self.clock.isRunningTimers }
        self.output.now = { [unowned self] in self.clock.now }
    }

    /// A navigator with its root pushed, and the context commands run in.
    private static func makeSession(
        service: any PhotoSearchService, clock: ShellClock, output: CapturingSink, style: Style,
        recentSearchStore: (any RecentSearchStore)?, session: SessionState
    ) -> (Navigator, CommandContext) {
        let scheduler = clock.scheduler
        let instrumentation = Instrumentation(
            eventLog: EventLog(clock: { scheduler.now }), inputLog: EventLog(clock: { scheduler.now }))
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

    /// How long `wait idle` and the end of a script wait for pending work.
    public var drainTimeout: Duration { context.session.drainTimeout }

    /// Set by the interactive shell: true when the user asked to stop a wait (Ctrl-C).
    public var isInterrupted: () -> Bool {
        get { context.session.isInterrupted }
        set { context.session.isInterrupted = newValue }
    }

    /// How the session was started (the flags), for the header of a saved lesson.
    public var startedWith: String {
        get { context.session.startedWith }
        set { context.session.startedWith = newValue }
    }

    /// The columns `help` and other listings fold to.
    public var width: Int {
        get { context.session.width }
        set { context.session.width = max(newValue, 40) }
    }

    /// The rows of the screen a recording (`export cast`) is played on.
    public var height: Int {
        get { context.session.height }
        set { context.session.height = max(newValue, 10) }
    }

    /// `--step`: the pacer also counts down the live clock's waits.
    public func pace(with pacer: StepPacer) {
        if clock.isLive { context.session.countdown = pacer }
    }

    /// An interactive session at a terminal: a live `wait` that lasts shows its time left on
    /// `line` (unless the pacer already does).
    public func showProgress(on line: ProgressLine) {
        if clock.isLive, context.session.countdown == nil { context.session.countdown = line }
    }

    /// The line just echoed (`--echo`), which the recording has shown already.
    private var echoed: String?

    /// Where the line being run comes from (`FILE:LINE`), set by the script runner: where
    /// `expect-all` says a line it printed was not expected.
    var runningAt: String?

    /// True once the session reads lines at the prompt: only there may the virtual clock play,
    /// since a script's time moves only on `wait`.
    public var isAtPrompt: Bool {
        get { context.session.isAtPrompt }
        set { context.session.isAtPrompt = newValue }
    }

    /// True when `source` shows each command it runs (scripts with --echo, the interactive shell).
    public var echoesSourcedCommands: Bool {
        get { context.session.echoesSourcedCommands }
        set { context.session.echoesSourcedCommands = newValue }
    }

    /// Runs one line of input (already decoded and trimmed of its newline, and `admitted` by a
    /// reader that shows it first; admitting it again here changes nothing).
    public func run(line: String) -> LineOutcome {
        let trimmed = admitted(line).trimmingSpaces
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return .succeeded }
        let (name, argument) = Self.split(trimmed)
        let command = table.command(named: name)
        // A chapter of the recording; narration makes its own, named by its words.
        if echoed != trimmed, command?.isNarration != true {
            output.markCommand(shown(trimmed), typed: (isAtPrompt ? prompt(unicode: true) : "> ") + shown(trimmed))
        }
        echoed = nil
        context.session.failureDetails = []
        lastCommandReadPreviousOutput = command?.readsPreviousOutput ?? false
        let number = Self.isNumbered(command, argument) ? log.nextNumber : nil
        let started = clock.now
        // An exercise's checks wait for an answer, which only `--grade` runs.
        if command?.isExpectation == true, context.session.unanswered != nil { return .succeeded }
        if command?.isExpectation != true { context.session.unanswered = nil }
        if let command, command.readsPreviousOutput {
            // An expectation reads the output before it, so it starts no capture of its own.
            let outcome = run(command, argument)
            if !command.hidesArgument(argument) {
                log.append(entry(trimmed, number, started, outcome, output: "", command))
            }
            return outcome
        }
        // The previous command's lines are settled, if the caller has not done it first.
        settleExpectations()
        output.beginCommand()
        if context.session.expectsAll {
            context.session.account = OutputAccount(location: runningAt, countsOwnLines: number != nil)
        }
        output.format?.startCommand(number)
        defer { output.format?.endCommand() }
        let before = context.session.showsChanges ? StateSnapshot(navigator) : nil
        let outcome = command.map { run($0, argument) } ?? .failed(unknown(name))
        if case .failed(let message) = outcome {
            context.session.previousFailure = message
        } else {
            context.session.previousFailure = nil
        }
        if command?.isRecorded ?? true {
            log.append(entry(trimmed, number, started, outcome, output: output.sinceCommand, command))
        }
        if let before { before.changes(to: StateSnapshot(navigator)).forEach(context.say) }
        return outcome
    }

    /// `expect-all`: reports each line of the previous command that no expectation accounted
    /// for, as `not expected`, at most `shownUnexpected` of them; returns how many there were.
    @discardableResult
    public func settleExpectations() -> Int {
        guard let account = context.session.account else { return 0 }
        context.session.account = nil
        let missed = account.unaccounted(in: output.linesSinceCommand)
        let place = account.location.map { "\($0): " } ?? ""
        for line in missed.prefix(Self.shownUnexpected) { reportError(place + "not expected: " + line) }
        if missed.count > Self.shownUnexpected {
            reportError(place + "and \(missed.count - Self.shownUnexpected) more lines not expected")
        }
        return missed.count
    }

    static let shownUnexpected = 10

    /// True when `line` is an expectation, which reads the previous command's output (and
    /// accounts for its lines) rather than starting its own.
    public func readsPreviousOutput(_ line: String) -> Bool {
        table.command(named: Self.split(line).name)?.readsPreviousOutput ?? false
    }

    /// `line` as the echo and the log show it: an argument that must stay hidden is left out.
    func shown(_ line: String) -> String {
        let (name, argument) = Self.split(line)
        guard let command = table.command(named: name), command.hidesArgument(argument) else { return line }
        return "\(name) \(Expectation.hiddenFlag) …"
    }

    /// A line's command name and the rest of it.
    nonisolated static func split(_ line: String) -> (name: String, argument: String) {
        let name = String(line.prefix { !$0.isWhitespace })
        return (name, String(line.dropFirst(name.count)).trimmingSpaces)
    }

    /// True when `command` gets a number in `history`: it is logged, and changes the state.
    private static func isNumbered(_ command: ShellCommand?, _ argument: String) -> Bool {
        guard let command, command.isRecorded else { return false }
        return command.changesState(argument)
    }

    /// The number `line` will get in `history` when it runs next; nil when it changes nothing.
    func number(for line: String) -> Int? {
        let (name, argument) = Self.split(line)
        return Self.isNumbered(table.command(named: name), argument) ? log.nextNumber : nil
    }

    private func entry(
        _ line: String, _ number: Int?, _ started: Duration, _ outcome: LineOutcome, output: String,
        _ command: ShellCommand?
    ) -> CommandLog.Entry {
        var succeeded = true
        if case .failed = outcome { succeeded = false }
        return CommandLog.Entry(
            number: number, line: line, started: started, ended: clock.now, succeeded: succeeded, output: output,
            passesTime: command?.passesTime ?? false)
    }

    private func run(_ command: ShellCommand, _ argument: String) -> LineOutcome {
        let listing = command.isListing ? context : nil
        listing?.foldsLines = true
        defer { listing?.foldsLines = false }
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

    /// Rebuilds the session as it was right after command `number`: a fresh clock, service and
    /// stack, then the logged commands up to it replayed with their output muted. Virtual time
    /// makes the replay exact.
    func rebuild(upTo number: Int) throws(CommandFailure) {
        guard !clock.isLive else { throw CommandFailure("goto and undo need the virtual clock (--virtual-clock)") }
        guard recentSearchStore == nil else {
            throw CommandFailure("goto and undo keep no saved state: run without --state")
        }
        guard let makeService else { throw CommandFailure("goto and undo work on the embedded catalog") }
        // A command dropped for room cannot be named (its line is gone), though it is replayed.
        guard number == 0 || log.entry(number) != nil else {
            throw CommandFailure("no command \(number): the history has \(log.rangeText)")
        }
        let steps = log.steps(through: number)
        // The replay jumps; a clock that played plays on from where it stops.
        let speed = clock.playback?.speed
        defer { clock.play(at: speed) }
        context.session.trace?.dispose()
        context.session.trace = nil
        navigator.tearDown()
        clock.cancelAll()
        let scheduler = VirtualScheduler()
        clock = .virtual(scheduler, mailbox: clock.mailbox)
        (navigator, context) = Self.makeSession(
            service: makeService(scheduler), clock: clock, output: output, style: style,
            recentSearchStore: nil, session: context.session)
        log.truncate(after: number)
        output.isMuted = true
        defer { output.isMuted = false }
        let showsChanges = context.session.showsChanges
        context.session.showsChanges = false
        defer { context.session.showsChanges = showsChanges }
        // Each command at the clock time it started, and the clock left where it ended: time that
        // passed between commands (a playing clock) passes again, and a wait cut short ends early.
        for step in steps {
            clock.advance(to: step.started)
            if !step.passesTime { replay(step.line) }
            clock.advance(to: step.ended)
        }
    }

    /// Runs a logged line again for `goto`, logging nothing.
    private func replay(_ line: String) {
        let (name, argument) = Self.split(line)
        guard let command = table.command(named: name) else { return }
        _ = run(command, argument)
    }

    /// Prints a script line as `> line` (`--echo`); not part of any command's output.
    public func echo(_ line: String) {
        if table.command(named: Self.split(line).name)?.isNarration != true {
            output.markCommand(shown(line), typed: nil)
        }
        echoed = line
        output.format?.startCommand(number(for: line))
        output.writeUncaptured("> \(shown(line).sanitizedForTerminal)\n", kind: .echo)
        output.format?.endCommand()
    }

    /// Prints a script's comment line as it is (`--echo`).
    public func echoComment(_ line: String) { output.writeUncaptured("\(line.sanitizedForTerminal)\n", kind: .comment) }

    /// `--format jsonl` (true) or the human transcript.
    public var writesJSONLines: Bool {
        get { output.format != nil }
        set {
            output.format =
                newValue
                ? JSONLinesFormat(
                    now: { [unowned self] in self.clock.now },
                    isUpdate: { [unowned self] in self.clock.isRunningTimers })
                : nil
            // Switched during a command (`set format jsonl`): its own confirmation belongs to it.
            output.format?.startCommand(log.nextNumber)
        }
    }

    /// Prints an error line to standard error, as `vmsh: message`, then what the failed command
    /// left to show (an `expect` shows the output it looked at).
    public func reportError(_ message: String) {
        // An expectation's own report is not part of the output the next expectation reads.
        let sink = lastCommandReadPreviousOutput ? output.base : output
        sink.writeError("vmsh: \(message.sanitizedForTerminal)\n")
        for line in context.session.failureDetails { sink.writeError("vmsh:   | \(line.sanitizedForTerminal)\n") }
        context.session.failureDetails = []
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
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
