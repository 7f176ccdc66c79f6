import PhotoModel

/// Runs script input through the shell: comments and blank lines skipped, optional echo,
/// errors as `vmsh: FILE:LINE: message`, the count of failures, and `--bail`.
@MainActor
public final class ScriptRunner {
    /// Where lines come from: a name for error messages and how to read them.
    public enum Source {
        case fileDescriptor(name: String, fd: Int32)
        /// `-c` commands, numbered from `firstNumber` in error messages.
        case commands([String], firstNumber: Int = 1)
        /// Lines already read and decoded, each with its number in the file `name` (an answers
        /// file's section).
        case numbered(name: String, lines: [(text: Result<String, CommandFailure>, number: Int)])
    }

    public enum Stop {
        /// The input ran out.
        case endOfInput
        /// `quit` was given.
        case quit
        /// `--bail` stopped at a failure.
        case bailed
        /// Ctrl-C, SIGTERM or SIGHUP (the shell's `isInterrupted`) stopped it between lines or
        /// while it waited for one.
        case interrupted
        /// `q` under `--step`: the rest of the script is left (under `-i`, for the prompt).
        case steppedOut
    }

    let shell: Shell
    private let echo: Bool
    private let bail: Bool
    /// A prompt to print before each line (plain interactive input without the line editor).
    public var prompt: String?
    /// `--step`: shows each command and waits for a key before running it (ScriptRunner+Step).
    public var pacer: (any StepPacing)?
    /// Told of each command line run, where it was and how it went (`--grade` reads a lesson so).
    package var observe: ((_ line: String, _ location: String, _ outcome: LineOutcome) -> Void)?
    /// Told of each command line about to run (`--grade` undoes an answer once its checks are over).
    package var willRun: ((_ line: String) -> Void)?
    public private(set) var failures = 0

    /// `--step`'s `b` undoes the steps after a point, and the failures they counted.
    func restore(failures count: Int) {
        failures = count
        pendingBail = nil
    }
    /// How many lines were read when the input stopped.
    public private(set) var linesRead = 0
    /// With --bail: where the failure that will stop the script happened, until the next line
    /// shows whether it was expected.
    private var pendingBail: String?
    /// True until the script's first command: a comment before it may be the lesson's title.
    private var beforeFirstCommand = true

    public init(shell: Shell, echo: Bool, bail: Bool) {
        self.shell = shell
        self.echo = echo
        self.bail = bail
    }

    /// Runs every line of `source` in order; under the live clock, timers run while input is awaited.
    public func run(_ source: Source) -> Stop {
        let stop: Stop
        switch source {
        case .commands(let lines, let first):
            stop = runCommands(lines, from: first)
        case .numbered(let name, let lines):
            stop = runNumbered(lines.map { ($0.text, $0.number) }, name: name)
        case .fileDescriptor(let name, let fd):
            stop = runLines(from: LineReader(fd: fd), name: name)
        }
        // A failure kept for a possible `expect-error` that never came.
        if stop == .endOfInput, let pending = pendingBail { return bailOut(at: pending) }
        if stop == .endOfInput, let bailed = settle() { return bailed }
        return stop
    }

    /// expect-all: counts the lines of the last command no expectation accounted for (said by
    /// the shell); with --bail they stop the script.
    private func settle() -> Stop? {
        let unexpected = shell.settleExpectations()
        failures += unexpected
        guard bail, unexpected > 0 else { return nil }
        shell.reportError("stopped at the lines not expected (--bail)")
        return .bailed
    }

    private func runCommands(_ lines: [String], from first: Int) -> Stop {
        // The same checks as piped lines: `-c` text reaches the terminal in errors and echo.
        runNumbered(lines.enumerated().map { (LineDecoder.decode(Array($1.utf8)), first + $0) }, name: "-c")
    }

    private func runNumbered(_ lines: [(Result<String, CommandFailure>, Int)], name: String) -> Stop {
        if pacer != nil { return runPaced(lines, name: name) }
        for (line, number) in lines {
            if let stop = handle(line, name: name, number: number) { return stop }
        }
        return .endOfInput
    }

    /// How many lines that are not text a script may hold before its reader gives up on it:
    /// binary input (`source /dev/urandom`) would otherwise print an error a line, without end.
    static let notTextLimit = 100

    private func runLines(from reader: LineReader, name: String) -> Stop {
        var number = 0
        var notText = 0
        // Under --step every line is read first, so `b` can take earlier ones again.
        var read: [(Result<String, CommandFailure>, Int)] = []
        while true {
            if let prompt { shell.write(prompt) }
            let decoded: Result<String, CommandFailure>
            guard !shell.isInterrupted(), let next = nextInput(reader) else { return .interrupted }
            switch next {
            case .end: return pacer == nil ? .endOfInput : runPaced(read, name: name)
            case .tooLong(let count):
                decoded = .failure(LineDecoder.tooLong(count))
            case .runaway:
                let limit = LineReader.maxRunawayBytes
                decoded = .failure(CommandFailure("over \(limit) bytes came with no line end; stopped reading \(name)"))
            case .line(let bytes):
                // A byte-order mark some editors put first is not part of the command.
                let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
                decoded = LineDecoder.decode(number == 0 && bytes.starts(with: bom) ? Array(bytes.dropFirst(3)) : bytes)
            }
            number += 1
            linesRead = number
            if case .failure = decoded { notText += 1 }
            if notText > Self.notTextLimit {
                let message =
                    "\(Self.notTextLimit) lines were not text (binary input?); stopped reading \(name.sanitizedForTerminal)"
                return handle(.failure(CommandFailure(message)), name: name, number: number) ?? .endOfInput
            }
            if pacer != nil {
                read.append((decoded, number))
            } else if let stop = handle(decoded, name: name, number: number) {
                return stop
            }
        }
    }

    /// Waits for the next line, running due timers meanwhile when the clock is live; nil when
    /// the wait was interrupted. The wait is a poll beside the wake-up pipe, never a blocking
    /// read, so a signal ends it even on a pipe or FIFO that sends nothing.
    private func nextInput(_ reader: LineReader) -> LineReader.Next? {
        let clock = shell.clock
        clock.runDue()
        while true {
            if let next = reader.next() { return next }
            if shell.isInterrupted() { return nil }
            // Under the virtual clock no timer wakes the sleep, and time stands still.
            if clock.sleep(until: nil, input: reader.fd) == .input { reader.read() }
        }
    }

    /// Runs one line. `stepped`: `--step` stopped before it, so it is shown, once, with or
    /// without `--echo`.
    func handle(_ decoded: Result<String, CommandFailure>, name: String, number: Int, stepped: Bool = false) -> Stop? {
        let outcome: LineOutcome
        var ran = ""
        switch decoded {
        case .failure(let failure):
            outcome = .failed(failure)
        case .success(let line):
            let trimmed = shell.admitted(line).trimmingSpaces
            if trimmed.isEmpty { return nil }
            if trimmed.hasPrefix("#") {
                // The first comment, or after a saved lesson's header the first that is not of it.
                if beforeFirstCommand { shell.takeTitle(trimmed) }
                // A lesson's comments are its explanation: with --echo they reach the screen too,
                // and under --step they are its narration.
                if echo {
                    shell.echoComment(trimmed)
                } else if pacer != nil {
                    shell.narrateComment(trimmed)
                }
                return nil
            }
            // With --bail, a failure stands unless the very next command is an `expect-error`.
            if let pending = pendingBail, !trimmed.hasPrefix("expect-error") { return bailOut(at: pending) }
            beforeFirstCommand = false
            willRun?(trimmed)
            // expect-all: the lines before are settled before this command is shown.
            if !shell.readsPreviousOutput(trimmed), let stop = settle() { return stop }
            shell.runningAt = "\(name):\(number)"
            // Echo is not part of any command's output, so `expect` never sees its own text.
            if echo || stepped { shell.echo(trimmed) }
            outcome = shell.run(line: trimmed)
            ran = trimmed
            // The command was cut short by the interruption, whose one line the caller says.
            if shell.isInterrupted() { return .interrupted }
            shell.clock.runDue()
        }
        observe?(ran, "\(name):\(number)", outcome)
        let pending = pendingBail
        pendingBail = nil
        switch outcome {
        case .succeeded:
            return pending.map(bailOut)
        case .forgavePreviousFailure:
            failures = max(failures - 1, 0)
            return nil
        case .quit:
            return .quit
        case .failed(let failure):
            failures += 1
            shell.reportError("\(name):\(number): \(failure.message)", details: failure.details)
            if let pending { return bailOut(at: pending) }
            if bail { pendingBail = "\(name):\(number)" }
            return nil
        }
    }

    private func bailOut(at location: String) -> Stop {
        pendingBail = nil
        shell.reportError("stopped at \(location) (--bail)")
        return .bailed
    }

    /// At the end of input: waits (bounded) for pending work, reports what had to be
    /// cancelled, and returns the exit status (0 when every command succeeded).
    public func finish() -> Int32 {
        failures += shell.drainAtEndOfInput()
        return failures == 0 ? 0 : 1
    }

    /// `q` under `--step` (without `-i`): ends now, without waiting for pending work, which is
    /// cancelled; the lines the last command printed that `expect-all` wanted expected still count.
    public func leave() -> Int32 {
        failures += shell.settleExpectations()
        shell.endNow()
        return failures == 0 ? 0 : 1
    }
}
