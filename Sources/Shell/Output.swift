import Glibc
import TerminalViews

/// Where the shell's text goes: standard output for what Views print, standard error for errors.
@MainActor
public protocol OutputSink: AnyObject {
    func writeOutput(_ text: String)
    func writeError(_ text: String)
}

/// Writes straight to file descriptors 1 and 2 with no buffering, so lines from both streams
/// keep their order when they share one pipe (transcripts compare them merged).
@MainActor
public final class StandardStreams: OutputSink {
    public init() {}
    public func writeOutput(_ text: String) { Self.write(text, to: 1) }
    public func writeError(_ text: String) { Self.write(text, to: 2) }

    static func write(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return  // A closed pipe loses output but must not stop the shell.
            }
            offset += written
        }
    }
}

/// The Console that Views print to: one line at a time, stamped with the virtual time when the
/// clock is virtual, so a lesson's transcript shows when each update arrived.
@MainActor
final class ShellConsole: Console {
    private let sink: any OutputSink
    private let clock: ShellClock

    init(sink: any OutputSink, clock: ShellClock) {
        self.sink = sink
        self.clock = clock
    }

    func print(_ line: String) {
        sink.writeOutput(clock.stamp + line + "\n")
    }
}

/// Passes text on and keeps what was written since the current command began, so `expect`
/// can look at the previous command's output (its errors included).
@MainActor
final class CapturingSink: OutputSink {
    let base: any OutputSink
    private(set) var sinceCommand = ""

    init(_ base: any OutputSink) { self.base = base }

    func beginCommand() { sinceCommand = "" }

    func writeOutput(_ text: String) {
        sinceCommand += text
        base.writeOutput(text)
    }

    func writeError(_ text: String) {
        sinceCommand += text
        base.writeError(text)
    }
}
