import Glibc
import OutputKinds
import Redaction
import TerminalViews

/// Where the shell's text goes: standard output for what Views print, standard error for errors.
@MainActor
public protocol OutputSink: AnyObject {
    func writeOutput(_ text: String)
    func writeError(_ text: String)
}

/// Writes straight to file descriptors 1 and 2 with no buffering, so lines from both streams
/// keep their order when they share one pipe (transcripts compare them merged). Every text
/// passes `Secrets` first: whatever made it, the key does not reach the terminal or a pipe.
@MainActor
public final class StandardStreams: OutputSink {
    /// The first error writing standard output other than a closed pipe (a full disk, a closed
    /// descriptor), as an errno value: the session goes on, and ends with status 1.
    public private(set) static var outputError: Int32?

    /// Keeps descriptors 0-2 open: a closed one is pointed at /dev/null, so no file vmsh opens
    /// later (a database) can take its number and receive output. A closed standard output
    /// counts as an output error.
    public static func guardStandardDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 {
            _ = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if fd == 1 { outputError = EBADF }
        }
    }

    /// Says why output was lost, on standard error; true when it was.
    public static func reportOutputError() -> Bool {
        guard let outputError else { return false }
        write("vmsh: could not write the output: \(String(cString: strerror(outputError)))\n", to: 2)
        return true
    }

    public init() {}
    public func writeOutput(_ text: String) { Self.write(text, to: 1) }
    public func writeError(_ text: String) { Self.write(text, to: 2) }

    public static func write(_ text: String, to fd: Int32) {
        var text = Secrets.redact(text)
        text.withUTF8 { write($0, to: fd) }
    }

    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                // A closed pipe (`| head`) loses output quietly; anything else is reported at exit.
                if errno != EPIPE, fd == 1, outputError == nil { outputError = errno }
                return
            }
            offset += written
        }
    }
}

/// The Console that Views print to: one line at a time, stamped with the virtual time when the
/// clock is virtual, so a lesson's transcript shows when each update arrived.
@MainActor
package final class ShellConsole: Console {
    private let sink: CapturingSink
    private let clock: ShellClock

    /// While a listing command runs: the width its lines fold to (not as JSON lines, where a
    /// line is an object, not what a terminal shows).
    var foldWidth: Int?

    init(sink: CapturingSink, clock: ShellClock) {
        self.sink = sink
        self.clock = clock
    }

    package func print(_ line: String) { print(line, as: nil) }

    /// A line of `kind` (nil: what the running command prints, or an update).
    func print(_ line: String, as kind: LineKind?) {
        // As JSON lines the time is a field of its own.
        guard !sink.writesJSONLines else { return sink.write(line + "\n", as: kind) }
        guard let foldWidth else { return emit(line, kind) }
        for line in TextWrap.fold(line, width: foldWidth) { emit(line, kind) }
    }

    /// A line for the terminal alone, stamped as output is (`CapturingSink.writeToTerminalOnly`).
    func printToTerminalOnly(_ line: String) { sink.writeToTerminalOnly(clock.stamp + line + "\n") }

    /// One line, stamped, in one write.
    private func emit(_ line: String, _ kind: LineKind?) {
        var text = clock.stamp
        text.reserveCapacity(text.utf8.count + line.utf8.count + 1)
        text += line
        text += "\n"
        sink.write(text, as: kind)
    }
}

extension String {
    /// The line without the clock's stamp that `ShellConsole` puts first: "[00:01.400] row 3 …"
    /// is "row 3 …".
    package var unstamped: String {
        guard hasPrefix("["), let close = firstIndex(of: "]"), distance(from: startIndex, to: close) == 10 else {
            return self
        }
        let text = index(close, offsetBy: 2, limitedBy: endIndex) ?? endIndex
        return String(self[text...])
    }
}
