extension String {
    /// The text with every control character and bidirectional override replaced by U+FFFD,
    /// so data (titles, names, descriptions) can never move the cursor, recolour or retitle
    /// the terminal, or reorder what is shown.
    public var sanitizedForTerminal: String {
        guard unicodeScalars.contains(where: Self.isUnsafe) else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            result.append(Self.isUnsafe(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    /// Sanitised and in double quotes: how data text appears in output, cut to `fieldLimit`.
    public var quotedForTerminal: String { "\"\(terminalField())\"" }

    /// How many characters of one data field (a title, a name) are shown: a 10,000-character
    /// title must not print a 10,000-character line.
    public static let fieldLimit = 100

    /// Sanitised and cut to `limit` characters with an ellipsis: a data field on one line.
    public func terminalField(limit: Int = fieldLimit) -> String {
        let safe = sanitizedForTerminal
        return safe.count > limit ? String(safe.prefix(limit - 1)) + "…" : safe
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1 (ESC and CSI among them)
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi marks and overrides
        case 0x2028, 0x2029: true  // line and paragraph separators: line breaks to some terminals
        default: false
        }
    }
}
