/// Finds a secret in text however a server, a proxy or a paste may have carried it: in any
/// letter case, and with each of its characters written on its own as itself, percent-escaped
/// (`%41` or `%61` for "a", `+` for a space), JSON-escaped (`\u0041`, `\u0061`, a surrogate pair,
/// or `\/`-style short escapes) or as its UTF-8 bytes percent-escaped, in any mixture.
public struct KeyRedaction: Sendable {
    private let key: [Unicode.Scalar]
    /// The bytes a match can begin with, letters in both cases: most of a text is passed over
    /// with one look-up.
    private let starts: Set<UInt8>

    public init(_ key: String) {
        self.key = Array(key.unicodeScalars)
        var starts: Set<UInt8> = [UInt8(ascii: "%"), UInt8(ascii: "\\"), UInt8(ascii: "+")]
        if let first = key.utf8.first {
            starts.insert(first)
            starts.insert(Self.folded(first))
            if (0x61...0x7A).contains(first) { starts.insert(first - 0x20) }
            if (0x41...0x5A).contains(first) { starts.insert(first + 0x20) }
        }
        self.starts = starts
    }

    /// True when this finds `text` itself.
    func isKey(_ text: String) -> Bool { key == Array(text.unicodeScalars) }

    /// `text` with every occurrence of the key replaced by `replacement`.
    public func redact(_ text: String, with replacement: String) -> String {
        guard let bytes = redact(Array(text.utf8), with: Array(replacement.utf8)) else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `bytes` with every occurrence of the key replaced, or nil when it holds none.
    public func redact(_ bytes: [UInt8], with replacement: [UInt8]) -> [UInt8]? {
        guard !key.isEmpty else { return nil }
        var out: [UInt8] = []
        var copied = 0
        var index = 0
        while index < bytes.count {
            guard starts.contains(bytes[index]), let end = match(bytes, at: index) else {
                index += 1
                continue
            }
            if out.isEmpty { out.reserveCapacity(bytes.count) }
            out.append(contentsOf: bytes[copied..<index])
            out.append(contentsOf: replacement)
            index = end
            copied = end
        }
        guard copied > 0 else { return nil }
        out.append(contentsOf: bytes[copied...])
        return out
    }

    /// The furthest end of a match of the whole key starting at `start`, or nil. Every way each
    /// character can be written is followed, so a key holding `%` or `\` is found too.
    private func match(_ bytes: [UInt8], at start: Int) -> Int? {
        var ends = [start]
        for scalar in key {
            var next: [Int] = []
            for position in ends { Self.forms(of: scalar, in: bytes, at: position, into: &next) }
            guard !next.isEmpty else { return nil }
            ends = next.count == 1 ? next : Array(Set(next))
        }
        return ends.max()
    }

    /// Appends to `ends` where each written form of `scalar` that starts at `index` ends.
    private static func forms(of scalar: Unicode.Scalar, in bytes: [UInt8], at index: Int, into ends: inout [Int]) {
        guard index < bytes.count else { return }
        if scalar.isASCII {
            let wanted = UInt8(scalar.value)
            let byte = bytes[index]
            if folded(byte) == folded(wanted) || (byte == UInt8(ascii: "+") && wanted == 0x20) {
                ends.append(index + 1)
            }
            if let value = percentEscape(bytes, at: index), folded(value) == folded(wanted) { ends.append(index + 3) }
            if let value = shortEscape(bytes, at: index), value == wanted { ends.append(index + 2) }
        } else if let end = utf8Bytes(of: scalar, in: bytes, at: index) {
            ends.append(end)
        }
        if let (value, end) = unicodeEscape(bytes, at: index), value == scalar.value || sameLetter(value, scalar.value)
        {
            ends.append(end)
        }
    }

    /// The end of `scalar`'s UTF-8 bytes at `index`, each byte as itself or percent-escaped.
    private static func utf8Bytes(of scalar: Unicode.Scalar, in bytes: [UInt8], at index: Int) -> Int? {
        var position = index
        for wanted in String(scalar).utf8 {
            if position < bytes.count, bytes[position] == wanted {
                position += 1
            } else if percentEscape(bytes, at: position) == wanted {
                position += 3
            } else {
                return nil
            }
        }
        return position
    }

    /// The byte `%XX` at `index` stands for.
    private static func percentEscape(_ bytes: [UInt8], at index: Int) -> UInt8? {
        guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: "%"),
            let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
        else { return nil }
        return high << 4 | low
    }

    /// The byte a JSON short escape (`\/`, `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`) at `index` stands for.
    private static func shortEscape(_ bytes: [UInt8], at index: Int) -> UInt8? {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\") else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "\\"): return bytes[index + 1]
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        default: return nil
        }
    }

    /// The scalar value of a JSON `\uXXXX` escape at `index` (a surrogate pair read as one), and its end.
    private static func unicodeEscape(_ bytes: [UInt8], at index: Int) -> (UInt32, Int)? {
        guard let high = fourHex(bytes, at: index) else { return nil }
        guard (0xD800..<0xDC00).contains(high) else { return (high, index + 6) }
        guard let low = fourHex(bytes, at: index + 6), (0xDC00..<0xE000).contains(low) else { return nil }
        return (0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00), index + 12)
    }

    private static func fourHex(_ bytes: [UInt8], at index: Int) -> UInt32? {
        guard index + 5 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { return nil }
        var value: UInt32 = 0
        for offset in 2..<6 {
            guard let digit = hexValue(bytes[index + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// True when both are ASCII and the same letter in another case.
    private static func sameLetter(_ one: UInt32, _ other: UInt32) -> Bool {
        one < 0x80 && other < 0x80 && folded(UInt8(one)) == folded(UInt8(other))
    }

    /// ASCII letters in lower case; every other byte as it is.
    private static func folded(_ byte: UInt8) -> UInt8 {
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
