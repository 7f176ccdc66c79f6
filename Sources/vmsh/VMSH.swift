import ArgumentParser
import Foundation
import VMSHVersion

/// The command line: flags only; `App` does the wiring.
@main
struct VMSH: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vmsh",
        abstract: "A scriptable shell for exploring and teaching MVVM with reactive bindings.",
        discussion: """
            Interactive when standard input is a terminal; otherwise it runs the lines it is given.
              vmsh                          explore interactively
              vmsh lesson.vmsh              run script files, then exit
              vmsh -c 'search sunset' -c 'wait 2s'
              printf 'search sunset\\nwait 3s\\n' | vmsh --virtual-clock
            Exit status: 0 when every command succeeded, 1 when one failed, 2 for bad flags.
            Type 'help' inside vmsh for its commands.
            """,
        version: VMSHVersion.string
    )

    @Argument(help: ArgumentHelp("Script files to run, in order.", valueName: "script"), completion: .file())
    var scripts: [String] = []

    // Unconditional: a value that starts with "-" ("-1") is still the value, so the range check
    // can say what is wrong instead of "Missing value".
    @Option(
        name: .customShort("c"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Run this command (repeatable).", valueName: "command"))
    var commands: [String] = []

    @Option(
        name: .customShort("i"), help: ArgumentHelp("Run this script, then stay interactive.", valueName: "file"),
        completion: .file())
    var interactiveScript: String?

    @Flag(help: "Time advances only on 'wait': output is reproducible, lines carry the virtual time.")
    var virtualClock = false

    @Flag(help: "Print each script command as '> command' before its output, and its comments.")
    var echo = false

    @Flag(help: "Run as a lesson: the virtual clock, no start-up file, no saved state (with -i: then explore).")
    var lesson = false

    @Flag(help: "Show each script command and wait for Enter or Space before running it (q leaves).")
    var step = false

    @Option(
        help: ArgumentHelp(
            "What vmsh prints: text (the transcript) or jsonl (one JSON object a line).", valueName: "format"))
    var format: OutputFormat = .text

    @Flag(help: "Stop at the first failing command (exit 1, naming FILE:LINE).")
    var bail = false

    @Option(
        help: ArgumentHelp(
            "The catalog database: a path or :memory: (default: under XDG_DATA_HOME).", valueName: "path"),
        completion: .file())
    var catalog: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Simulated network latency of every call, in milliseconds.", valueName: "ms"))
    var latency: Int?

    @Option(parsing: .unconditional, help: "The seed the embedded catalog is generated from.")
    var seed: UInt64 = 1

    @Option(
        help: ArgumentHelp(
            "A scale catalog of this many photos (1 to 10000000), with Zipf-like word frequencies.", valueName: "n"))
    var catalogSize: Int?

    @Flag(help: "No colour (also when NO_COLOR is set).")
    var noColor = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How long to wait for pending work at the end of input (e.g. 10s).", valueName: "duration"))
    var drainTimeout: String = "10s"

    @Flag(name: .customLong("no-rc"), help: "Do not run the start-up file (~/.vmshrc).")
    var noRC = false

    @Option(
        help: ArgumentHelp("The line history file (default: under XDG_STATE_HOME; empty for none).", valueName: "path"),
        completion: .file())
    var historyFile: String?

    @Option(
        help: ArgumentHelp(
            "The state database for recent searches (default: under XDG_DATA_HOME; none under --virtual-clock).",
            valueName: "path"), completion: .file())
    var state: String?

    @Option(
        help: ArgumentHelp(
            "Where photos come from: catalog (embedded, offline) or flickr (needs FLICKR_API_KEY).",
            valueName: "service"))
    var service: ServiceKind = .catalog

    @Option(
        help: ArgumentHelp(
            "The Flickr REST endpoint (default: https://api.flickr.com/services/rest/).", valueName: "url"))
    var flickrEndpoint: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How long one Flickr request may take (e.g. 10s).", valueName: "duration"))
    var flickrTimeout: String = "10s"

    @Option(
        help: ArgumentHelp(
            "With --service flickr: write every HTTP exchange to this cassette (no key).", valueName: "file"),
        completion: .file())
    var record: String?

    @Option(
        help: ArgumentHelp(
            "With --service flickr: answer from this cassette, offline, with its delays (--virtual-clock allowed).",
            valueName: "file"), completion: .file())
    var replay: String?

    @Flag(help: "Check the catalog and the state database for damage (every page read), report, and exit.")
    var check = false

    func validate() throws {
        do { _ = try options.checked() } catch { throw ValidationError(error.message) }
    }

    /// The flags as plain values, before `Options.checked()`.
    var options: Options {
        Options(
            scripts: scripts, commands: commands, interactiveScript: interactiveScript, virtualClock: virtualClock,
            echo: echo, lesson: lesson, step: step, format: format, bail: bail, catalog: catalog, latency: latency,
            seed: seed, catalogSize: catalogSize, noColor: noColor, drainTimeout: drainTimeout, noRC: noRC,
            historyFile: historyFile, state: state, service: service, flickrEndpoint: flickrEndpoint,
            flickrTimeout: flickrTimeout, record: record, replay: replay, check: check)
    }

    /// Parses the flags like ParsableCommand.main, but bad flags exit 2, as the help text says
    /// (the parser's own default is 64). A usual line that checks out is read by `QuickFlags`;
    /// ArgumentParser reads the rest, and says what is wrong.
    static func main() {
        if let options = try? QuickFlags.parse(Array(CommandLine.arguments.dropFirst()))?.checked() {
            Foundation.exit(run(options))
        }
        let command: any ParsableCommand
        do {
            // VMSH, or the parser's own help command for --help
            command = try parseAsRoot()
        } catch {
            // The message quotes what was typed: no control characters reach the terminal.
            let message = fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
                .map {
                    $0.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "?" : String($0) }
                        .joined()
                }
                .joined(separator: "\n")
            let line = Data((message.hasSuffix("\n") ? message : message + "\n").utf8)
            if exitCode(for: error) == .success {  // --help
                FileHandle.standardOutput.write(line)
                Foundation.exit(0)
            }
            FileHandle.standardError.write(line)
            Foundation.exit(2)
        }
        do {
            var command = command
            try command.run()
        } catch let code as ExitCode {
            // The session's status: exit(withError:) would build the whole help text only to find
            // it has no message to print (a fifth of the start-up's instructions).
            Foundation.exit(code.rawValue)
        } catch {
            exit(withError: error)
        }
    }

    func run() throws {
        throw ExitCode(Self.run(try options.checked()))
    }

    private static func run(_ options: Options) -> Int32 {
        MainActor.assumeIsolated {
            options.check ? Checkup(options: options).run() : App(options: options).run()
        }
    }
}
