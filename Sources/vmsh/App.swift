import EventLoop
import Foundation
import Instruments
import Lessons
import LineEditing
import PhotoModel
import Reactive
import Redaction
import Serving
import Shell
import StandardShell
import TerminalViews

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wires the layers together for one run: the clock, the Model service, the shell, the input.
@MainActor
struct App {
    let options: Options
    let output = StandardStreams()

    nonisolated static func parseDuration(_ text: String) -> Duration? { Shell.parseDuration(text) }

    func run() -> Int32 {
        setlocale(LC_ALL, "")
        signal(SIGPIPE, SIG_IGN)
        StandardStreams.guardStandardDescriptors()
        let status = runSession()
        return StandardStreams.reportOutputError() ? 1 : status
    }

    private func runSession() -> Int32 {
        // Read once: Foundation builds the whole dictionary on every call.
        let environment = ProcessInfo.processInfo.environment
        let clock: ShellClock = options.virtualClock ? .virtual(VirtualScheduler()) : .live(LiveScheduler())
        let terminal = isatty(0) == 1 && isatty(1) == 1
        let interactive =
            terminal && (options.scripts.isEmpty && options.commands.isEmpty || options.interactiveScript != nil)
        let color = ColorChoice(
            interactive: interactive, noColorFlag: options.noColor || options.format == .jsonl, environment: environment
        ).isOn
        let editorOutput = interactive ? InteractiveSession.makeOutput() : nil
        // Work that lasts (a large catalog's generation, a live wait) shows how it is going, but
        // only to someone at the terminal: never in a script's output or a transcript.
        let progress = interactive && isatty(2) == 1 && !options.virtualClock ? ProgressLine() : nil
        editorOutput?.progress = progress
        // Graded, each answers file has a silent session of its own: the report is the output.
        if let lesson = options.grade { return grade(lesson, environment) }
        // The catalog and the state database may warn when first used, above the prompt.
        let shell = makeShell(
            environment, clock: clock, sink: editorOutput ?? output, warnings: editorOutput ?? output, color: color,
            progress: progress)
        // The server stops with vmsh: each student's page says the session ended.
        defer { shell.stopServing() }
        if let serve = options.serve {
            guard shell.makeServer != nil else {
                output.writeError(Shell.noServer)
                return 2
            }
            guard let address = ServeAddress(serve), shell.serve(at: address) else { return 2 }
        }
        progress.map(shell.showProgress)
        shell.writesJSONLines = options.format == .jsonl
        shell.echoesSourcedCommands = options.echo || interactive
        let runner = ScriptRunner(shell: shell, echo: options.echo, bail: options.bail)
        if options.step {
            // Under -i, q leaves the script for the prompt rather than vmsh.
            guard let pacer = StepPacer(toPrompt: editorOutput != nil && options.interactiveScript != nil) else {
                output.writeError("vmsh: --step needs a terminal to read keys from\n")
                return 2
            }
            runner.pacer = pacer
            shell.pace(with: pacer)
        }

        var openFailed = false
        var sources: [ScriptRunner.Source] = []
        func add(_ path: String) {
            if let source = openScript(path) { sources.append(source) } else { openFailed = true }
        }
        // The start-up file is for people at a terminal; scripts and lessons (the virtual clock)
        // stay reproducible without it.
        if interactive, !options.noRC, !options.virtualClock, let home = environment["HOME"],
            access(home + "/.vmshrc", F_OK) == 0
        {
            add(home + "/.vmshrc")
        }
        // Files and -c commands run in the order they were given.
        for input in CommandLineInputs.inOrder(scripts: options.scripts, commands: options.commands) {
            switch input {
            case .script(let path): add(path)
            case .commands(let lines, let first): sources.append(.commands(lines, firstNumber: first))
            }
        }
        options.interactiveScript.map(add)
        let readsStdin = options.scripts.isEmpty && options.commands.isEmpty || options.interactiveScript != nil
        if readsStdin && !interactive { sources.append(.fileDescriptor(name: "stdin", fd: 0)) }
        sources: for source in sources {
            switch runner.run(source) {
            case .endOfInput: continue
            case .steppedOut where editorOutput != nil && options.interactiveScript != nil:
                break sources
            case .quit:
                // Like the end of input, but without the rest of it.
                let status = runner.finish()
                return openFailed ? 1 : status
            case .steppedOut:
                let status = runner.leave()
                return openFailed ? 1 : status
            case .bailed, .interrupted: return finish(shell, status: 1)
            }
        }
        if let editorOutput {
            let session = InteractiveSession(
                shell: shell, output: editorOutput, historyPath: historyPath(environment), colorPrompt: color)
            return finish(shell, status: session.run())
        }
        let status = runner.finish()
        return openFailed ? 1 : status
    }

    /// A shell on `clock` that prints to `sink`, and the catalog's and the state database's
    /// warnings (when first used) to `warnings`.
    func makeShell(
        _ environment: [String: String], clock: ShellClock, sink: any OutputSink, warnings: any OutputSink,
        color: Bool, progress: ProgressLine?
    ) -> Shell {
        var services = ServiceFactory(options: options, output: warnings, environment: environment)
        services.progress = progress
        // Before anything is read or written: from here on the key is taken out of every way in and out.
        services.apiKey.map(Secrets.install)
        let service = services.makeService(scheduler: clock.scheduler)
        let recentSearchStore = StateFactory(output: warnings, environment: environment)
            .makeRecentSearchStore(path: options.state, virtualClock: options.virtualClock)
        let shell = Shell(
            service: service, clock: clock, output: sink, style: Style(isEnabled: color),
            drainTimeout: Self.parseDuration(options.drainTimeout) ?? .seconds(10),
            recentSearchStore: recentSearchStore,
            makeService: options.service == .catalog ? { services.makeService(scheduler: $0) } : nil)
        shell.startedWith = options.summary
        shell.makeServer = ServeFactory.makeServer(environment: environment)
        shell.graphviz = Shell.dot
        return shell
    }

    /// Ends the session at once: pending work is cancelled, ViewModels disposed.
    private func finish(_ shell: Shell, status: Int32) -> Int32 {
        shell.endNow()
        return status
    }

    /// `--history-file`, else `$XDG_STATE_HOME/vmsh/history`, else `~/.local/state/vmsh/history`.
    private func historyPath(_ environment: [String: String]) -> String? {
        if let path = options.historyFile { return path.isEmpty ? nil : path }
        return XDGDirectory.state.path(of: "history", environment: environment)
    }

    /// A script file as a source, or an error line when it cannot be read.
    func openScript(_ path: String) -> ScriptRunner.Source? {
        if path == "-" { return .fileDescriptor(name: "stdin", fd: 0) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard let failure = unreadable(fd) else { return .fileDescriptor(name: path, fd: fd) }
        if fd >= 0 { close(fd) }
        output.writeError("vmsh: cannot read \(path.sanitizedForTerminal): \(String(cString: strerror(failure)))\n")
        return nil
    }

    /// Why `fd` cannot be read as a script, as an errno value; nil when it can.
    private func unreadable(_ fd: Int32) -> Int32? {
        guard fd >= 0 else { return errno }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return errno }
        return (status.st_mode & S_IFMT) == S_IFDIR ? EISDIR : nil
    }
}
