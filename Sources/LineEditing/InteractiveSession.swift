import EventLoop
import Reactive
import Shell
import TerminalText
import TerminalViews

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The interactive shell: one loop that polls the keyboard, the wake pipe (work from other
/// threads, signals) and the next timer, so updates print the moment they arrive while the
/// user types, and commands never block the prompt.
@MainActor
public final class InteractiveSession {
    private let shell: Shell
    private let output: EditorOutput
    private let editor: LineEditor
    private let colorPrompt: Bool
    private let unicode: Bool
    /// Set when SIGTERM or SIGHUP asks the shell to leave: the exit status to use.
    private var terminatedStatus: Int32?
    /// Set by `quit` while work is pending: the session leaves when the work is done, at this
    /// clock time at the latest, or at a second `quit` or Ctrl-C.
    private var leavingBy: Duration?

    /// `output` must be the sink `shell` writes to.
    public init(shell: Shell, output: EditorOutput, historyPath: String?, colorPrompt: Bool) {
        self.shell = shell
        self.output = output
        self.colorPrompt = colorPrompt
        unicode = Self.localeIsUTF8()
        let history = LineHistory(path: historyPath) { output.writeError($0 + "\n") }
        editor = LineEditor(program: "vmsh", history: history)
        output.editor = editor
        let completer = Completer(shell: shell)
        editor.complete = { prefix in
            let (word, candidates) = completer.complete(prefix)
            if candidates.count == 1 { return (String(candidates[0].dropFirst(word.count)) + " ", []) }
            let common = Completer.commonPrefix(candidates)
            return (String(common.dropFirst(word.count)), candidates)
        }
        editor.onListing = { list in
            let lines = CompletionListing.lines(list.map(\.sanitizedForTerminal), width: Screen.columns())
            output.writeOutput(lines.map { $0 + "\n" }.joined())
        }
        output.willRedraw = { [unowned self] in self.editor.setPrompt(self.promptText()) }
        // Ctrl-C ends a wait or a source; so do SIGTERM and SIGHUP, which then end the session.
        shell.width = Screen.columns()
        shell.height = Screen.rows()
        shell.isAtPrompt = true
        shell.isInterrupted = { [SIGINT, SIGTERM, SIGHUP].contains(where: POSIXSignals.isPending) }
    }

    /// Creates the sink an interactive shell writes to.
    public static func makeOutput() -> EditorOutput { EditorOutput() }

    /// Runs until Ctrl-D, `quit`, SIGTERM or SIGHUP; returns the exit status.
    public func run() -> Int32 {
        POSIXSignals.install(wakeFD: shell.clock.mailbox.writeFD)
        // One line, only at a terminal: a script's transcript never changes for it.
        output.writeOutput("The Flickr search app, this terminal its View: 'help' lists the commands.\n")
        showPrompt()
        loop: while true {
            output.flush()
            handleSignals()
            if let status = terminatedStatus {
                leave()
                return status
            }
            if let deadline = leavingBy, shell.clock.pendingCount == 0 || shell.clock.now >= deadline { break loop }
            // Wakes for a key, a timer (live clock), work from other threads or a signal.
            let woken = shell.clock.sleep(until: leavingBy, input: 0)
            shell.tellPauseAtBreakpoint()
            guard woken == .input else { continue }
            switch editor.readKey() {
            case .editing:
                continue
            case .endOfFile:
                break loop
            case .tooLong:
                refuseLongLine()
            case .skipped:
                freshPrompt()
            case .line(let line):
                if runAccepted(line) == .quit {
                    let pending = shell.clock.pendingCount
                    if leavingBy != nil || pending == 0 { break loop }
                    leavingBy = shell.clock.now + shell.drainTimeout
                    output.writeOutput(
                        "-- quit: waiting for \(pending.counted("timer")); quit again or Ctrl-C to leave now --\n")
                    freshPrompt()
                }
            }
        }
        leave()
        return 0
    }

    /// Runs an accepted line with the prompt off screen, then shows a fresh prompt.
    private func runAccepted(_ line: String) -> LineOutcome {
        output.isPromptShown = false
        let outcome: LineOutcome
        // The same checks as piped lines: no control characters (Ctrl-V Esc), no huge pastes.
        switch LineDecoder.decode(Array(line.utf8)) {
        case .failure(let failure):
            outcome = .failed(failure)
        case .success(let text):
            // The line history keeps the line as the shell runs it: redacted.
            let trimmed = shell.admitted(text).trimmingSpaces
            if !trimmed.isEmpty { editor.remember(trimmed) }
            if !trimmed.isEmpty, !trimmed.hasPrefix("#"), !shell.readsPreviousOutput(trimmed) {
                shell.settleExpectations()
            }
            // Typed, not read from a file: expect-all names no FILE:LINE.
            shell.runningAt = nil
            outcome = shell.run(line: trimmed)
        }
        if case .failed(let failure) = outcome { shell.reportError(failure.message, details: failure.details) }
        if outcome == .quit { return .quit }
        POSIXSignals.discard(SIGINT)  // A Ctrl-C during the command already ended it.
        freshPrompt()
        return outcome
    }

    /// A line passed the limit as it arrived (a paste): one line says so, and the prompt
    /// returns once the rest of it is skipped.
    private func refuseLongLine() {
        EditorOutput.write(editor.erase(), to: 1)
        output.isPromptShown = false
        shell.reportError(LineDecoder.refusedAsTyped.message)
    }

    /// Enters raw mode and draws the prompt (at start, and after a suspension).
    private func showPrompt() {
        editor.setPrompt(promptText())
        editor.begin()
        output.isPromptShown = true
    }

    /// Drops the line being edited and draws the prompt for the current stack on a new line.
    private func freshPrompt() {
        editor.setPrompt(promptText())
        editor.newLine()
        output.isPromptShown = true
    }

    private func promptText() -> String {
        let text = shell.prompt(unicode: unicode)
        // \u{1} brackets the colour codes so libedit does not count them as columns.
        return colorPrompt ? "\u{1}\u{1B}[36m\u{1}" + text + "\u{1}\u{1B}[0m\u{1}" : text
    }

    private func handleSignals() {
        for signo in POSIXSignals.take() {
            switch signo {
            case SIGINT: interrupt()
            case SIGWINCH:
                if output.isPromptShown { EditorOutput.write(editor.erase(), to: 1) }
                editor.resize()
                shell.width = Screen.columns()
                shell.height = Screen.rows()
                editor.redraw()
            case SIGTSTP: suspend()
            case SIGCONT:
                editor.reprepareTerminal()
                editor.redraw()
            case SIGTERM: terminatedStatus = 128 + SIGTERM
            case SIGHUP: terminatedStatus = 128 + SIGHUP
            default: break
            }
        }
    }

    /// Ctrl-C: show ^C, drop the partial line, cancel a running search; never exit.
    private func interrupt() {
        if leavingBy != nil {
            leavingBy = shell.clock.now  // Ctrl-C while leaving: leave now.
            return
        }
        output.isPromptShown = false
        StandardStreams.write("^C\r\n", to: 1)
        if shell.cancelRunningWork() { output.writeOutput("search cancelled\n") }
        freshPrompt()
    }

    /// Ctrl-Z: give the terminal back, stop, and take it again on `fg`, with the line being
    /// typed as it was.
    private func suspend() {
        StandardStreams.write("\r\n", to: 1)
        editor.releaseTerminal()
        POSIXSignals.restoreDefault(SIGTSTP)
        raise(SIGTSTP)
        // Running again (fg).
        POSIXSignals.catchSignal(SIGTSTP)
        POSIXSignals.discard(SIGCONT)  // This resumption is handled here.
        editor.reprepareTerminal()
        editor.redraw()
    }

    private func leave() {
        output.isPromptShown = false
        editor.end()
        StandardStreams.write("\n", to: 1)
        for signo in POSIXSignals.watched { POSIXSignals.restoreDefault(signo) }
    }

    private static func localeIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
