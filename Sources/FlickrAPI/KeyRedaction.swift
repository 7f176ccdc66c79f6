/// Finds a secret in text however a server or a proxy may have echoed it: in any letter case,
/// and with any of its bytes percent-escaped (`%41` or `%61` for "a", `+` for a space).
struct KeyRedaction: Sendable {
    private let key: [UInt8]

    init(_ key: String) { self.key = Array(key.utf8) }

    /// `text` with every occurrence of the key replaced by `replacement`.
    func redact(_ text: String, with replacement: String) -> String {
        guard !key.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        var changed = false
        while index < bytes.count {
            if let end = match(bytes, at: index) {
                out.append(contentsOf: replacement.utf8)
                index = end
                changed = true
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return changed ? String(decoding: out, as: UTF8.self) : text
    }

    /// The end of a match of the whole key starting at `start`, or nil.
    private func match(_ bytes: [UInt8], at start: Int) -> Int? {
        var index = start
        for wanted in key {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if Self.folded(byte) == Self.folded(wanted) || (byte == UInt8(ascii: "+") && wanted == 0x20) {
                index += 1
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = Self.hexValue(bytes[index + 1]), let low = Self.hexValue(bytes[index + 2]),
                Self.folded(high << 4 | low) == Self.folded(wanted)
            {
                index += 3
            } else {
                return nil
            }
        }
        return index
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
