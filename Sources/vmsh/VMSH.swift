import ArgumentParser
import Foundation
import VMSHVersion

/// The command line: flags only; `App` does the wiring.
@main
struct VMSH: ParsableCommand, CustomReflectable {
    static let configuration = CommandConfiguration(
        commandName: "vmsh",
        abstract: "A scriptable shell for exploring and teaching MVVM with reactive bindings.",
        discussion: """
            Interactive when standard input is a terminal; otherwise it runs the lines it is given.
              vmsh                          explore interactively
              vmsh lesson.vmsh              run script files, then exit
              vmsh -c 'search sunset' -c 'wait 2s'
              printf 'search sunset\\nwait 3s\\n' | vmsh --virtual-clock
              vmsh --serve 8080 -i lesson.vmsh  a class follows along in browsers
            Exit status: 0 when every command succeeded, 1 when one failed, 2 for bad flags.
            Type 'help' inside vmsh for its commands.
            """,
        version: VMSHVersion.string
    )

    /// The flags as plain values, before `Options.checked()`.
    var options = Options()

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FlagDeclaration.Key.self)
        for flag in FlagTable.flags { try flag.decode(container, &options) }
    }

    /// ArgumentParser finds a command's flags by reflecting on it, each property wrapper a flag:
    /// here they are the table's, so each flag is declared once, in `FlagTable`.
    var customMirror: Mirror {
        Mirror(self, children: FlagTable.flags.map { (label: $0.name, value: $0.declaration()) })
    }

    func validate() throws {
        do { _ = try options.checked() } catch { throw ValidationError(error.message) }
    }

    /// Parses the flags like ParsableCommand.main, but bad flags exit 2, as the help text says
    /// (the parser's own default is 64). A usual line that checks out is read by `QuickFlags`;
    /// ArgumentParser reads the rest, and says what is wrong.
    static func main() {
        if let options = try? QuickFlags.parse(Array(CommandLine.arguments.dropFirst()))?.checkedTogether() {
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
            // it has no message to print, much of the start-up's time (bench/results.md).
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
