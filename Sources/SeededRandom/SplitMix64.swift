/// A seeded pseudo-random generator (SplitMix64).
///
/// The catalog and the simulated network must be identical on every machine and every run,
/// so nothing here touches system randomness. It deliberately does not conform to
/// `RandomNumberGenerator`: the standard library's `random(in:using:)` and `shuffled(using:)`
/// algorithms may change between Swift releases, while these methods never do.
public struct SplitMix64: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1), from the top 53 bits.
    public mutating func nextDouble() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform integer in `0..<bound` (bound > 0), by multiply-shift: exact and portable.
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A uniform integer in `range`.
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + next(below: range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        nextDouble() < probability
    }

    /// An independent generator for one purpose (owners, photos, faults...), so adding draws
    /// to one stream never shifts the values of another.
    public static func stream(seed: UInt64, purpose: UInt64) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed ^ (purpose &* 0xD1B5_4A32_D192_ED03))
        return SplitMix64(seed: mixer.next())
    }
}
