import CLibEdit
import Shell
import TerminalText

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
        /// The line being typed passed `LineReader.maxLineBytes`: it is dropped, and what
        /// arrives up to the end of that line is skipped unread by libedit.
        case tooLong
        /// The end of the line being skipped arrived.
        case skipped
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
    /// True from a line passing the limit until its end: keys go past libedit, unseen.
    private var isSkippingLine = false
    /// The line whose candidates Tab has just listed: Tab again lists nothing new.
    private var listedLine: String?
    private var listedByThisKey = false

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
        plainPrompt = Screen.visible(prompt)
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
        if isSkippingLine { return skipToLineEnd() }
        var count: Int32 = 0
        listedByThisKey = false
        // The wide buffer as libedit holds it: el_gets would encode the whole line again on
        // every key, which makes a long paste take time in the square of its length.
        let characters = el_wgets(editLine, &count)
        if !listedByThisKey { listedLine = nil }
        guard let characters else {
            // In unbuffered mode an empty buffer after a key (Backspace on nothing) is not the end.
            return count == 0 ? .endOfFile : .editing
        }
        let length = Int(count)
        if length == 1, characters[0] == 4 { return .endOfFile }
        guard length > 0, characters[length - 1] == 10 else {
            guard Self.passesLimit(characters, length) else { return .editing }
            isSkippingLine = true
            return .tooLong
        }
        var text = String.UnicodeScalarView()
        for index in 0..<(length - 1) {
            text.append(Unicode.Scalar(UInt32(bitPattern: characters[index])) ?? "\u{FFFD}")
        }
        return .line(String(text))
    }

    /// True when `length` wide characters take more than `LineReader.maxLineBytes` in UTF-8;
    /// counted only when they could, so a short line costs nothing per key.
    private static func passesLimit(_ characters: UnsafePointer<wchar_t>, _ length: Int) -> Bool {
        guard length * 4 > LineReader.maxLineBytes else { return false }
        var bytes = 0
        for index in 0..<length {
            bytes += Unicode.Scalar(UInt32(bitPattern: characters[index]))?.utf8.count ?? 3  // as U+FFFD
        }
        return bytes > LineReader.maxLineBytes
    }

    /// Reads and drops what standard input holds now, up to the end of the line being skipped
    /// (Enter, or a pasted newline), one byte at a time so nothing after it is taken from libedit.
    private func skipToLineEnd() -> Input {
        var available: Int32 = 1
        repeat {
            for _ in 0..<available {
                var byte: UInt8 = 0
                let count = read(0, &byte, 1)
                if count == 0 { return .endOfFile }
                if count < 0 { return errno == EINTR || errno == EAGAIN ? .editing : .endOfFile }
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    isSkippingLine = false
                    return .skipped
                }
            }
            if ioctl(0, UInt(FIONREAD), &available) != 0 { available = 0 }
        } while available > 0
        return .editing
    }

    /// Starts a fresh, empty line with a new prompt (after a line was accepted or dropped).
    func newLine() {
        isSkippingLine = false
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
        let columns = Screen.columns()
        let cursorColumn = (plainPrompt + currentLine.beforeCursor).displayWidth
        let up = Screen.rowsAbove(cursorColumn: cursorColumn, columns: columns)
        return "\r" + (up > 0 ? "\u{1B}[\(up)A" : "") + "\u{1B}[J"
    }

    /// Draws the prompt and the partial input again, cursor where it was; nothing while a line
    /// too long is being skipped, whose text is no longer on screen.
    func redraw() {
        guard !isSkippingLine else { return }
        vmsh_el_refresh(editLine)
    }

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
        let line = currentLine
        let (insert, list) = complete(line.beforeCursor)
        if !insert.isEmpty {
            el_insertstr(editLine, insert)
            return UInt8(CC_REFRESH)
        }
        // Tab again on the same line would print the same candidates again: they are on screen.
        listedByThisKey = true
        if list.count > 1, listedLine != line.text {
            listedLine = line.text
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
