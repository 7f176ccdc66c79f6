import CTerminalWidth

extension String {
    /// The columns the text takes at a terminal: wide (CJK) characters count two, combining marks
    /// none (the C library's measure, in the process's locale).
    public var displayWidth: Int {
        var width = 0
        for scalar in unicodeScalars { width += max(Int(vmsh_wcwidth(scalar.value)), 0) }
        return width
    }
}
