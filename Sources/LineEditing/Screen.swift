#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal's size, and how many of its rows the prompt and the input cover.
public enum Screen {
    /// The prompt without the \u{1}-delimited escape sequences that take no columns.
    static func visible(_ prompt: String) -> String {
        var inEscape = false
        var out = ""
        for character in prompt {
            if character == "\u{1}" {
                inEscape.toggle()
            } else if !inEscape {
                out.append(character)
            }
        }
        return out
    }

    /// The terminal's width in columns (80 if it cannot be asked).
    public static func columns(fd: Int32 = 1) -> Int {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// The terminal's height in rows (24 if it cannot be asked).
    static func rows(fd: Int32 = 1) -> Int {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
        return Int(size.ws_row)
    }

    /// How many rows below the prompt's first row the cursor sits, for `width` columns of text.
    static func rowsAbove(cursorColumn: Int, columns: Int) -> Int {
        guard columns > 0 else { return 0 }
        return cursorColumn / columns
    }
}
