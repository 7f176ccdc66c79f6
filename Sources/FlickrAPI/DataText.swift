import Redaction

/// Text from a reply made safe where it enters: no secret of the process (the key, in any
/// encoding), no control characters (C0, DEL, C1 such as U+009B), no bidirectional overrides or
/// marks (U+202E, U+061C...), no line breaks, no key hidden by invisible characters, and not longer than `limit` characters (cut with an
/// ellipsis). The views clean again; this keeps a hostile server's text from reaching any other path.
enum DataText {
    static let fieldLimit = 256
    static let longLimit = 2000

    static func clean(_ text: String, limit: Int = fieldLimit) -> String {
        let text = Secrets.redact(text)
        let isPlain = text.utf8.count <= limit && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
        if isPlain { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                scalars.append(" ")
            } else {
                scalars.append(scalar)
            }
        }
        // Again once the spaces are in: they could join the parts of a key that holds one.
        var cleaned = Secrets.redact(String(scalars))
        // A key split by characters that show nothing (U+200B, a soft hyphen, a variation
        // selector) still reads whole on the screen: read it without them, and redact that.
        let visible = String(String.UnicodeScalarView(cleaned.unicodeScalars.filter { !isInvisible($0) }))
        if visible != cleaned, Secrets.appear(in: visible) { cleaned = Secrets.redact(visible) }
        return cleaned.count > limit ? String(cleaned.prefix(limit - 1)) + "…" : cleaned
    }

    /// Characters that take no room on the screen between two letters.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true
        default: return scalar.properties.generalCategory == .format
        }
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: break
        }
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFFF9...0xFFFB: return true
        default: return false
        }
    }
}
