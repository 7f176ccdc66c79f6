import SeededRandom

/// A word list with weights, for weighted draws by binary search.
///
/// Tiers set how often a word comes up; within a tier the weight falls gently with the
/// position, a Zipf-like tail, so not every word of a tier is equally frequent.
struct WeightedWords: Sendable {
    /// Subjects: a common word weighs about an ordinary one (whose tail falls further), 6 uncommon or 60 rare ones.
    static let subjects = WeightedWords(tiers: [
        (WordLists.common, 0.35), (WordLists.ordinary, 0.3), (WordLists.uncommon, 0.06), (WordLists.rare, 0.006),
    ])
    static let places = WeightedWords(zipf: WordLists.places, offset: 2)
    static let adjectives = WeightedWords(tiers: [(WordLists.adjectives, 1)])
    static let genericTags = WeightedWords(tiers: [(WordLists.genericTags, 1)])
    static let cameras = WeightedWords(tiers: [(WordLists.cameras, 1)], falloff: 0.3)

    let words: [String]
    /// Running totals of the weights.
    let cumulative: [Double]

    init(tiers: [([String], Double)], falloff: Double = 0.02) {
        var words: [String] = []
        var running = 0.0
        var cumulative: [Double] = []
        for (tier, weight) in tiers {
            for (index, word) in tier.enumerated() {
                words.append(word)
                running += weight / (1 + falloff * Double(index))
                cumulative.append(running)
            }
        }
        self.words = words
        self.cumulative = cumulative
    }

    /// Zipf-like weights by position: 1 / (rank + offset).
    init(zipf words: [String], offset: Double) {
        self.words = words
        var running = 0.0
        cumulative = words.indices.map { rank in
            running += 1 / (Double(rank) + offset)
            return running
        }
    }

    /// One word, drawn by weight.
    func draw(_ rng: inout SplitMix64) -> String {
        let target = rng.nextDouble() * cumulative[cumulative.count - 1]
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] > target { high = mid } else { low = mid + 1 }
        }
        return words[low]
    }

    /// A word drawn by weight that is not in `excluded` (gives up after a few tries).
    func draw(_ rng: inout SplitMix64, excluding excluded: [String]) -> String? {
        for _ in 0..<16 {
            let word = draw(&rng)
            if !excluded.contains(word) { return word }
        }
        return nil
    }
}
