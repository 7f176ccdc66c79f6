/// The chain every implementation runs, so their rates compare like with like:
/// map, filter, scan, combineLatest with a second input, distinctUntilChanged.
///
/// The stages are chosen so that every operator does real work: filter drops one value in
/// seven, the scan's running sum wraps, and distinctUntilChanged drops the repeats that a
/// dropped-then-zero value leaves behind.
enum Chain {
    static func mapped(_ value: Int) -> Int { value % 7 }
    static func kept(_ value: Int) -> Bool { value != 3 }
    static func accumulated(_ sum: Int, _ value: Int) -> Int { (sum + value) % 1_000 }
    static func combined(_ sum: Int, _ other: Int) -> Int { sum + other }

    /// The value the second input holds throughout.
    static let other = 1

    /// What a subscriber folds the chain's output into: a checksum all implementations must
    /// agree on, which also stops the optimiser from dropping the work.
    static func fold(_ checksum: inout Int, _ value: Int) { checksum = checksum &* 31 &+ value }
}
