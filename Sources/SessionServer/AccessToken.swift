/// The random token in the page's address: whoever has the address may follow, no one else.
/// 128 bits from the system's generator (getrandom on Linux), as hex, fit for a URL.
enum AccessToken {
    static func make() -> String { random(bytes: 16) }

    /// `count` random bytes as hex: also each page's script nonce.
    static func random(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var text = ""
        for _ in 0..<count {
            let byte = UInt8.random(in: 0...255, using: &generator)
            text += String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
        }
        return text
    }

    /// True when `given` is `token`, compared in a time that does not depend on where they differ.
    static func matches(_ given: Substring?, _ token: String) -> Bool {
        guard let given else { return false }
        let (a, b) = (Array(given.utf8), Array(token.utf8))
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
