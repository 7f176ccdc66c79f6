/// Finds a secret in text however a server, a proxy or a paste may have carried it: in any
/// letter case, each of its characters written in any of the forms `WrittenForms` knows (as
/// itself, percent-escaped, JSON-escaped, inside a JSON string or not), in any mixture.
public struct KeyRedaction: Sendable {
    private let key: [Unicode.Scalar]
    /// Each character's UTF-8 bytes.
    private let keyBytes: [[UInt8]]
    /// Each character as an ASCII byte in lower case, when `WrittenForms.step` can follow it; nil
    /// for any other.
    /// Internal and settable: tests clear it to check the shortcut against the full search.
    var simple: [UInt8?]
    /// By byte: can a match begin with it (the first character in either case, or the start of an
    /// escape)? Most of a text is passed over with one look-up.
    private let starts: [Bool]
    public init(_ key: String) {
        self.key = Array(key.unicodeScalars)
        keyBytes = self.key.map { Array(String($0).utf8) }
        simple = self.key.map { scalar in
            guard scalar.value > 0x20, scalar.value < 0x7F, scalar != "%", scalar != "\\" else { return nil }
            return WrittenForms.folded(UInt8(scalar.value))
        }
        var starts = [Bool](repeating: false, count: 256)
        for byte in [UInt8(ascii: "%"), UInt8(ascii: "\\"), UInt8(ascii: "+")] { starts[Int(byte)] = true }
        if let first = key.utf8.first {
            starts[Int(first)] = true
            if (0x61...0x7A).contains(first) { starts[Int(first - 0x20)] = true }
            if (0x41...0x5A).contains(first) { starts[Int(first + 0x20)] = true }
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
            guard starts[Int(bytes[index])], let end = match(bytes, at: index) else {
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
        for index in key.indices {
            // One reading so far, and a character with one reading here: no search, so a text full
            // of near misses costs little.
            if ends.count == 1, let wanted = simple[index] {
                switch WrittenForms.step(wanted, bytes, ends[0]) {
                case .end(let end):
                    ends[0] = end
                    continue
                case .none: return nil
                case .unsure: break
                }
            }
            var next: [Int] = []
            for position in ends {
                WrittenForms.ends(of: key[index], utf8: keyBytes[index], in: bytes, at: position, into: &next)
            }
            guard !next.isEmpty else { return nil }
            ends = next.count == 1 ? next : Array(Set(next))
        }
        return ends.max()
    }
}
