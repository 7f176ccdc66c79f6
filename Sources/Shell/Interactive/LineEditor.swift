import CLibEdit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libedit in unbuffered mode: one `el_gets` per readable key, so the loop stays in charge and
/// can print updates above the prompt at any time (see the project's LIBEDIT notes).
@MainActor
final class LineEditor {
    enum Input: Equatable {
        case line(String)
        case editing
        case endOfFile
    }

    private let editLine: OpaquePointer
    private let history: LineHistory
    /// What Tab does: given the text before the cursor, the text to insert and the candidates to list.
    var complete: ((String) -> (insert: String, list: [String])) = { _ in ("", []) }
    /// Lines printed by a completion listing, waiting to go above the prompt.
    var onListing: (([String]) -> Void)?
    /// Read by libedit's prompt callback, which runs inside `el_gets` on this thread.
    nonisolated(unsafe) private var promptText: UnsafeMutablePointer<CChar>
    private(set) var plainPrompt = ""
    private var isActive = false

    init(program: String, history: LineHistory) {
        guard let editLine = vmsh_el_init(program) else { fatalError("vmsh: libedit could not start") }
        self.editLine = editLine
        self.history = history
        promptText = strdup("")
        vmsh_el_set_editor(editLine, "emacs")
        vmsh_el_set_signal(editLine, 0)  // The loop owns the signals.
        vmsh_el_set_history(editLine, history.handle)
        vmsh_el_set_prompt(
            editLine,
            { editLine in
                guard let editLine, let data = vmsh_el_get_clientdata(editLine) else { return nil }
                return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().promptText
            }, 1)
        vmsh_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        vmsh_el_addfn(
            editLine, "vmsh-complete", "Complete the word before the cursor",
            { editLine, _ in
                guard let editLine, let data = vmsh_el_get_clientdata(editLine) else { return UInt8(CC_ERROR) }
                return MainActor.assumeIsolated {
                    Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().completeAtCursor()
                }
            })
        vmsh_el_bind(editLine, "^I", "vmsh-complete")
    }

    /// Sets the prompt; `\u{1}` brackets escape sequences that take no columns.
    func setPrompt(_ prompt: String) {
        free(promptText)
        promptText = strdup(prompt)
        plainPrompt = TerminalText.visible(prompt)
    }

    /// Enters raw mode and draws the prompt with an empty line.
    func begin() {
        vmsh_el_set_unbuffered(editLine, 1)
        isActive = true
    }

    /// Leaves raw mode (at exit, before suspending); the terminal is as it was before.
    func end() {
        guard isActive else { return }
        vmsh_el_set_unbuffered(editLine, 0)
        isActive = false
    }

    /// Reads the key that made standard input readable.
    func readKey() -> Input {
        var count: Int32 = 0
        guard let bytes = el_gets(editLine, &count) else {
            // In unbuffered mode an empty buffer after a key (Backspace on nothing) is not the end.
            return count == 0 ? .endOfFile : .editing
        }
        // The buffer is not terminated at `count` in unbuffered mode: take exactly `count` bytes.
        let text = String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
        if text == "\u{4}" { return .endOfFile }
        guard text.hasSuffix("\n") else { return .editing }
        return .line(String(text.dropLast()))
    }

    /// Starts a fresh, empty line with a new prompt (after a line was accepted or dropped).
    func newLine() {
        vmsh_el_set_unbuffered(editLine, 0)
        vmsh_el_set_unbuffered(editLine, 1)
    }

    /// The text being edited and the part of it before the cursor.
    var currentLine: (text: String, beforeCursor: String) {
        guard let info = el_line(editLine)?.pointee, let buffer = info.buffer else { return ("", "") }
        let all = UnsafeRawBufferPointer(start: buffer, count: info.lastchar - buffer)
        let head = UnsafeRawBufferPointer(start: buffer, count: info.cursor - buffer)
        return (String(decoding: all, as: UTF8.self), String(decoding: head, as: UTF8.self))
    }

    /// Clears the prompt and input from the screen, cursor left at the prompt's first column.
    func erase() -> String {
        let columns = TerminalText.columns()
        let cursorColumn = TerminalText.displayWidth(plainPrompt + currentLine.beforeCursor)
        let up = TerminalText.rowsAbove(cursorColumn: cursorColumn, columns: columns)
        return "\r" + (up > 0 ? "\u{1B}[\(up)A" : "") + "\u{1B}[J"
    }

    /// Draws the prompt and the partial input again, cursor where it was.
    func redraw() { vmsh_el_refresh(editLine) }

    /// The terminal changed size.
    func resize() { el_resize(editLine) }

    /// Gives the terminal its own modes back (before stopping), keeping the line being edited.
    func releaseTerminal() { vmsh_el_set_prep_term(editLine, 0) }

    /// Leaves and re-enters raw mode after the process was stopped and continued.
    func reprepareTerminal() {
        vmsh_el_set_prep_term(editLine, 0)
        vmsh_el_set_prep_term(editLine, 1)
    }

    /// Adds an accepted line to the history.
    func remember(_ line: String) { history.add(line) }

    private func completeAtCursor() -> UInt8 {
        let (insert, list) = complete(currentLine.beforeCursor)
        if !insert.isEmpty {
            el_insertstr(editLine, insert)
            return UInt8(CC_REFRESH)
        }
        if list.count > 1 {
            onListing?(list)
            return UInt8(CC_REDISPLAY)
        }
        return UInt8(CC_REFRESH_BEEP)
    }

    isolated deinit {
        end()
        el_end(editLine)
        free(promptText)
    }
}
