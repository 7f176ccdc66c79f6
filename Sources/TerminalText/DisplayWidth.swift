import CTerminalWidth

extension String {
    /// The columns the text takes at a terminal: wide (CJK) characters count two, combining marks
    /// none (the C library's measure, in the process's locale). A printable character the locale
    /// cannot measure (a C locale knows no non-ASCII) counts one; a control character none.
    public var displayWidth: Int {
        var width = 0
        for scalar in unicodeScalars {
            let columns = Int(vmsh_wcwidth(scalar.value))
            width += columns >= 0 ? columns : (scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) ? 0 : 1)
        }
        return width
    }
}
