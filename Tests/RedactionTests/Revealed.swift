/// What an output says once every escape a key could hide behind is undone: percent escapes and
/// `+`, JSON's `\uXXXX` (surrogate pairs too) and short escapes, libedit's octal `\040`, and HTML's
/// entities, repeatedly (layers nest: a JSON line of an escaped title), in lower case. A test
/// searches this for the key, so no encoding of it can pass unseen.
enum Revealed {
    static func text(_ bytes: [UInt8]) -> String {
        var current = bytes
        for _ in 0..<4 {
            let next = decodedOnce(current)
            if next == current { break }
            current = next
        }
        return String(decoding: current, as: UTF8.self).lowercased()
    }

    static func text(_ string: String) -> String { text(Array(string.utf8)) }

    private static func decodedOnce(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let (decoded, end) = escape(bytes, at: index) {
                out += decoded
                index = end
            } else {
                out.append(bytes[index] == UInt8(ascii: "+") ? 0x20 : bytes[index])
                index += 1
            }
        }
        return out
    }

    /// The bytes an escape at `index` stands for, and where it ends.
    private static func escape(_ bytes: [UInt8], at index: Int) -> ([UInt8], Int)? {
        switch bytes[index] {
        case UInt8(ascii: "%"):
            guard let value = number(bytes, index + 1, digits: 2, radix: 16) else { return nil }
            return ([UInt8(value)], index + 3)
        case UInt8(ascii: "\\"):
            guard index + 1 < bytes.count else { return nil }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "u"), let value = number(bytes, index + 2, digits: 4, radix: 16) {
                if (0xD800..<0xDC00).contains(value), index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                    let low = number(bytes, index + 8, digits: 4, radix: 16), (0xDC00..<0xE000).contains(low)
                {
                    return (utf8(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)), index + 12)
                }
                return (utf8(value), index + 6)
            }
            if let value = number(bytes, index + 1, digits: 3, radix: 8), value < 256 {
                return ([UInt8(value)], index + 4)
            }
            if [UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "\\")].contains(next) {
                return ([next], index + 2)
            }
            return nil
        case UInt8(ascii: "&"):
            return entity(bytes, at: index)
        default:
            return nil
        }
    }

    private static func entity(_ bytes: [UInt8], at index: Int) -> ([UInt8], Int)? {
        guard let semicolon = bytes[index...].prefix(10).firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
        let named: [String: UInt32] = ["quot": 0x22, "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "apos": 0x27]
        var value = named[name]
        if value == nil, name.hasPrefix("#x") || name.hasPrefix("#X") { value = UInt32(name.dropFirst(2), radix: 16) }
        if value == nil, name.hasPrefix("#") { value = UInt32(name.dropFirst(), radix: 10) }
        return value.map { (utf8($0), semicolon + 1) }
    }

    private static func number(_ bytes: [UInt8], _ start: Int, digits: Int, radix: Int) -> UInt32? {
        guard start + digits <= bytes.count else { return nil }
        return UInt32(String(decoding: bytes[start..<(start + digits)], as: UTF8.self), radix: radix)
    }

    private static func utf8(_ value: UInt32) -> [UInt8] {
        Unicode.Scalar(value).map { Array(String($0).utf8) } ?? [0x3F]
    }
}
