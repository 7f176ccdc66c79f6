/// FNV-1a, 64 bits: a stable hash for choosing latencies (and, in the tests, content digests).
///
/// Swift's `Hasher` is seeded randomly per process, so it cannot give the same timing or
/// the same digest twice; this one always does.
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    public init() {}

    public mutating func combine<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
    }

    public mutating func combine(_ text: String) { combine(bytes: text.utf8) }

    /// The hash of `text`'s UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 {
        var hasher = FNV1a()
        hasher.combine(text)
        return hasher.value
    }
}

/// `value` in lowercase hex, zero-padded to `width` digits (no Foundation, no locale).
func hexDigits(_ value: UInt64, width: Int) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
