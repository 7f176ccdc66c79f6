import CLibEdit
import Shell

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The interactive shell's output: while the prompt is on screen, text waits and is printed
/// above it in one batch (erase the edit area, print, redraw the prompt and partial input),
/// so bursts arrive whole and in order and the line being typed is never disturbed.
@MainActor
public final class EditorOutput: OutputSink {
    weak var editor: LineEditor?
    /// Called before the prompt is drawn again, so it can show where the user now is.
    var willRedraw: () -> Void = {}
    /// True while the prompt and the line being typed are on screen.
    var isPromptShown = false
    /// A progress line on the screen is erased while other output prints, then drawn below it.
    public var progress: ProgressLine?
    private var pending: [(fd: Int32, text: String)] = []

    public func writeOutput(_ text: String) { enqueue(1, text) }
    public func writeError(_ text: String) { enqueue(2, text) }

    private func enqueue(_ fd: Int32, _ text: String) {
        pending.append((fd, text))
        if !isPromptShown { flush() }
    }

    /// Prints what is waiting; above the prompt if it is shown.
    func flush() {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending = []
        let redraw = isPromptShown ? editor : nil
        if let redraw { Self.write(redraw.erase(), to: 1) }
        progress?.hide()
        for (fd, text) in batch {
            // Raw mode does not turn "\n" into "\r\n".
            Self.write(text.replacingNewlines, to: fd)
        }
        progress?.restore()
        if let redraw {
            willRedraw()
            redraw.redraw()
        }
    }

    /// Through libedit's own stdio stream, so nothing overtakes what libedit has buffered.
    static func write(_ text: String, to fd: Int32) {
        let stream = vmsh_stdout()
        fflush(stream)
        StandardStreams.write(text, to: fd)
    }
}
