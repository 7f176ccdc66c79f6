import SeededRandom

/// The catalog's generator (SplitMix64) with what the tests that draw their cases need: the same
/// draws on every run and machine, so a failing case can be drawn again from its seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var bits: SplitMix64

    public init(seed: UInt64) { bits = SplitMix64(seed: seed) }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 { bits.next() }

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
