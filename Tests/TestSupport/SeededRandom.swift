/// A seeded generator (SplitMix64) for the tests that draw their cases: the same draws on every
/// run and machine, so a failing case can be drawn again from its seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
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

    /// An integer in `0..<bound` (bound > 0), by remainder: a little uneven, which no test minds.
    public mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// One of `items` (not empty).
    public mutating func pick<T>(_ items: [T]) -> T {
        items[next(below: items.count)]
    }

    /// True `percent` times in a hundred.
    public mutating func chance(percent: Int) -> Bool {
        next(below: 100) < percent
    }
}
