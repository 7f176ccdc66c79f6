extension String {
    /// The text safe inside XML and HTML elements and attributes. A character XML does not allow
    /// at all (U+FFFE and U+FFFF from a server's text; controls, if any are left) becomes U+FFFD:
    /// one of them makes the whole document ill-formed.
    public var xmlEscaped: String {
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar {
            case "&": out += "&amp;".unicodeScalars
            case "<": out += "&lt;".unicodeScalars
            case ">": out += "&gt;".unicodeScalars
            case "\"": out += "&quot;".unicodeScalars
            case "'": out += "&#39;".unicodeScalars
            default: out.append(Self.isXMLCharacter(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return String(out)
    }

    /// XML 1.0's `Char`: tab, line feed, carriage return, and the rest of Unicode but for the
    /// other C0 controls and U+FFFE and U+FFFF (Swift strings hold no surrogates).
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00...0x1F, 0xFFFE, 0xFFFF: false
        default: true
        }
    }
}
