/// Finds a secret in text however a server, a proxy or a paste may have carried it: in any
/// letter case, each of its characters written in any of the forms `WrittenForms` knows (as
/// itself, percent-escaped, JSON-escaped, inside a JSON string or not), in any mixture.
public struct KeyRedaction: Sendable {
    private let key: [Unicode.Scalar]
    /// Each character's UTF-8 bytes.
    private let keyBytes: [[UInt8]]
    /// The bytes a match can begin with, letters in both cases: most of a text is passed over
    /// with one look-up.
    private let starts: Set<UInt8>

    public init(_ key: String) {
        self.key = Array(key.unicodeScalars)
        keyBytes = self.key.map { Array(String($0).utf8) }
        var starts: Set<UInt8> = [UInt8(ascii: "%"), UInt8(ascii: "\\"), UInt8(ascii: "+")]
        if let first = key.utf8.first {
            starts.insert(first)
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
        for (scalar, utf8) in zip(key, keyBytes) {
            var next: [Int] = []
            for position in ends { WrittenForms.ends(of: scalar, utf8: utf8, in: bytes, at: position, into: &next) }
            guard !next.isEmpty else { return nil }
            ends = next.count == 1 ? next : Array(Set(next))
        }
        return ends.max()
    }
}
