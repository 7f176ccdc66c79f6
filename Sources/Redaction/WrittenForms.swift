/// The ways one character of a secret may be written, found at a position of a text: as itself
/// in any letter case (`+` for a space), percent-escaped (`%4A`, `%4a`, each UTF-8 byte), JSON's
/// `\u004A` or `\u004a` (a surrogate pair beyond U+FFFF) and its short escapes (`\/`, `\"`, `\\`).
///
/// A form's own characters may in turn be written JSON-escaped or percent-escaped: the text of a
/// JSON string inside JSON (a cassette's body holding `\\u004a`, which its title shows as `\u004a`)
/// or an escape percent-escaped again (`%5Cu004a`). Each such reading of the text is a `Layer`.
enum WrittenForms {
    /// How the characters of a form are read from the text: as they are or JSON-unescaped
    /// (`json`), as they are or percent-unescaped (`percent`).
    private enum Layer: CaseIterable { case json, percent }

    /// What `step` found: the one end of the only form that can start there, no form, or more
    /// readings than it follows (an escape of `%` or `\`, a short escape, `+`...).
    enum Step {
        case end(Int)
        case none, unsure
    }

    /// The end of the ASCII character `wanted` (lower case; printable, not a space, `%` or `\`) at
    /// `index` when the text there has one reading: a plain byte, or `%XX`, `\uXXXX` or `\\uXXXX`
    /// standing for neither `%` nor `\` (nor `u`, after two backslashes). Those cannot start any
    /// other form, so `ends` would find the same.
    static func step(_ wanted: UInt8, _ bytes: [UInt8], _ index: Int) -> Step {
        guard index < bytes.count else { return .none }
        let byte = bytes[index]
        let value: UInt32
        let end: Int
        switch byte {
        case UInt8(ascii: "%"):
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            else { return .unsure }
            (value, end) = (UInt32(high << 4 | low), index + 3)
        case UInt8(ascii: "\\"):
            if let escaped = plainEscape(bytes, index) {
                (value, end) = (escaped, index + 6)
            } else if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"),
                let escaped = plainEscape(bytes, index + 1), escaped != 0x75, escaped != 0x55
            {
                (value, end) = (escaped, index + 7)
            } else {
                return .unsure
            }
        case UInt8(ascii: "+"):
            return .unsure
        default:
            return folded(byte) == wanted ? .end(index + 1) : .none
        }
        guard value != UInt32(UInt8(ascii: "%")), value != UInt32(UInt8(ascii: "\\")) else { return .unsure }
        return value < 0x80 && folded(UInt8(value)) == wanted ? .end(end) : .none
    }

    /// Appends to `ends` where each written form of `scalar` that starts at `index` ends.
    /// `utf8` is the scalar's UTF-8, made once by the caller.
    static func ends(of scalar: Unicode.Scalar, utf8: [UInt8], in bytes: [UInt8], at index: Int, into ends: inout [Int])
    {
        guard index < bytes.count else { return }
        for layer in Layer.allCases {
            var positions = [index]
            for wanted in utf8 {
                var next: [Int] = []
                for position in positions { byteForms(wanted, bytes, position, layer) { next.append($0) } }
                positions = next
            }
            ends += positions
            escapeForm(scalar, bytes, index, layer) { ends.append($0) }
        }
        if scalar.value > 0xFFFF, let end = surrogatePair(scalar.value, bytes, index) { ends.append(end) }
    }

    /// Calls `found` with the end of each form of the byte `wanted` at `index`: itself (any case,
    /// `+` for a space), `%XX`, or a short escape, its characters read through `layer`.
    private static func byteForms(
        _ wanted: UInt8, _ bytes: [UInt8], _ index: Int, _ layer: Layer, _ found: (Int) -> Void
    ) {
        read(bytes, index, layer) { byte, end in
            if folded(byte) == folded(wanted) || (byte == UInt8(ascii: "+") && wanted == 0x20) { found(end) }
            if byte == UInt8(ascii: "%") {
                hexDigits(2, bytes, end, layer) { value, end in
                    if folded(UInt8(value)) == folded(wanted) { found(end) }
                }
            }
            if byte == UInt8(ascii: "\\") {
                read(bytes, end, layer) { escaped, end in
                    if shortEscapes[escaped] == wanted { found(end) }
                }
            }
        }
    }

    /// Calls `found` with the end of `\uXXXX` for `scalar` at `index` (a letter in either case),
    /// its characters read through `layer`.
    private static func escapeForm(
        _ scalar: Unicode.Scalar, _ bytes: [UInt8], _ index: Int, _ layer: Layer, _ found: (Int) -> Void
    ) {
        read(bytes, index, layer) { backslash, end in
            guard backslash == UInt8(ascii: "\\") else { return }
            read(bytes, end, layer) { u, end in
                guard u == UInt8(ascii: "u") else { return }
                hexDigits(4, bytes, end, layer) { value, end in
                    if value == scalar.value || sameLetter(value, scalar.value) { found(end) }
                }
            }
        }
    }

    /// The end of `\uD8xx\uDCxx` standing for `value` at `index` (written as it is).
    private static func surrogatePair(_ value: UInt32, _ bytes: [UInt8], _ index: Int) -> Int? {
        guard let high = plainEscape(bytes, index), let low = plainEscape(bytes, index + 6),
            (0xD800..<0xDC00).contains(high), (0xDC00..<0xE000).contains(low),
            0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00) == value
        else { return nil }
        return index + 12
    }

    /// The value of `\uXXXX` written as it is at `index`.
    private static func plainEscape(_ bytes: [UInt8], _ index: Int) -> UInt32? {
        guard index + 5 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { return nil }
        var value: UInt32 = 0
        for offset in 2..<6 {
            guard let digit = hexValue(bytes[index + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Calls `found` with each value of `count` hex digits at `index` read through `layer`, and its end.
    private static func hexDigits(
        _ count: Int, _ bytes: [UInt8], _ index: Int, _ layer: Layer, _ found: (UInt32, Int) -> Void
    ) {
        guard count > 0 else { return found(0, index) }
        read(bytes, index, layer) { byte, end in
            guard let digit = hexValue(byte) else { return }
            hexDigits(count - 1, bytes, end, layer) { rest, end in
                found(UInt32(digit) << (4 * UInt32(count - 1)) | rest, end)
            }
        }
    }

    /// Calls `found` with each byte the text at `index` may stand for when read through `layer`,
    /// and where it ends: itself always; `\/`, `\uXXXX` (ASCII) and the like for `json`; `%XX`
    /// for `percent`.
    private static func read(_ bytes: [UInt8], _ index: Int, _ layer: Layer, _ found: (UInt8, Int) -> Void) {
        guard index < bytes.count else { return }
        let byte = bytes[index]
        found(byte, index + 1)
        switch layer {
        case .percent:
            guard byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            else { return }
            found(high << 4 | low, index + 3)
        case .json:
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else { return }
            if let value = shortEscapes[bytes[index + 1]] { found(value, index + 2) }
            if let value = plainEscape(bytes, index), value < 0x80 { found(UInt8(value), index + 6) }
        }
    }

    /// JSON's short escapes: the byte after the backslash, and the byte it stands for.
    private static let shortEscapes: [UInt8: UInt8] = [
        UInt8(ascii: "/"): UInt8(ascii: "/"), UInt8(ascii: "\""): UInt8(ascii: "\""),
        UInt8(ascii: "\\"): UInt8(ascii: "\\"), UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C,
        UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]

    /// True when both are ASCII and the same letter in another case.
    private static func sameLetter(_ one: UInt32, _ other: UInt32) -> Bool {
        one < 0x80 && other < 0x80 && folded(UInt8(one)) == folded(UInt8(other))
    }

    /// ASCII letters in lower case; every other byte as it is.
    static func folded(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
