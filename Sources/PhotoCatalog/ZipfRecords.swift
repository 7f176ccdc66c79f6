import Foundation
import PhotoModel
import SeededRandom

/// The photos of a scale catalog (`CatalogVocabulary.zipf`): photo i is drawn from its own
/// seeded stream, its popularity first, so the interestingness order is found without making
/// any strings, and then each photo is made once, in the order it is stored.
struct ZipfRecords {
    let seed: UInt64
    let count: Int
    let generator: CatalogGenerator
    private let owners: [(nsid: String, name: String)]
    private let idStep: Int
    private static let postedRange = CatalogGenerator.lastPosted - CatalogGenerator.firstPosted

    init(_ generator: CatalogGenerator) {
        self.generator = generator
        seed = generator.seed
        count = generator.count
        owners = generator.makeOwners()
        idStep = max(1, 89_999_999_999 / max(count, 1))
    }

    /// Photo `index`'s id (ids grow with the index, as with the posting date) and interestingness.
    func key(_ index: Int) -> (interestingness: Double, id: Int) {
        var rng = stream(index)
        let id = 10_000_000_000 + index * idStep + rng.next(below: idStep)
        _ = rng.next(below: Self.postedRange)
        return (Self.popularity(&rng).interestingness, id)
    }

    /// Every photo, most interesting first (ties by ascending id), numbered from 1.
    func forEachByInterest(_ body: (Int, CatalogRecord) throws -> Void) rethrows {
        var keys = [(Double, Int)]()
        keys.reserveCapacity(count)
        for index in 0..<count {
            let key = key(index)
            keys.append((key.interestingness, key.id))
        }
        var order = Array(0..<count)
        order.sort { keys[$0].0 != keys[$1].0 ? keys[$0].0 > keys[$1].0 : keys[$0].1 < keys[$1].1 }
        for (rank, index) in order.enumerated() { try body(rank + 1, record(index)) }
    }

    func record(_ index: Int) -> CatalogRecord {
        var rng = stream(index)
        let id = 10_000_000_000 + index * idStep + rng.next(below: idStep)
        let offset = rng.next(below: Self.postedRange)
        let posted = CatalogGenerator.firstPosted + (Self.postedRange * index + offset) / max(count, 1)
        let scores = Self.popularity(&rng)
        let owner = owners[min(owners.count - 1, Int(Double(owners.count) * pow(rng.nextDouble(), 2.5)))]
        let taken = posted - Int(exp(rng.nextDouble() * log(2.0 * 365 * 86_400)))
        let title = makeTitle(rng: &rng)
        return CatalogRecord(
            id: String(id), title: title.text, tags: makeTags(title.keywords, taken: taken, rng: &rng),
            owner: owner.nsid, ownerName: owner.name, secret: hexDigits(rng.next() >> 24, width: 10),
            server: String(1000 + rng.next(below: 9000)), views: scores.views, favorites: scores.favorites,
            comments: scores.comments, taken: taken, posted: posted, description: generator.makeDescription(rng: &rng),
            interestingness: scores.interestingness)
    }

    private func stream(_ index: Int) -> SplitMix64 {
        SplitMix64.stream(seed: seed, purpose: 0x5CA1E_0000_0000 &+ UInt64(index))
    }

    /// The same heavy-tailed popularity as the embedded catalog: Pareto views and favorites.
    private static func popularity(
        _ rng: inout SplitMix64
    ) -> (views: Int, favorites: Int, comments: Int, interestingness: Double) {
        let popularity = pow(1 - rng.nextDouble(), -1 / 1.2)
        let views = Int(popularity * (12 + 40 * rng.nextDouble()))
        let favorites = Int(popularity * pow(rng.nextDouble(), 1.5) * 1.4)
        let extra = favorites > 0 && rng.chance(0.2) ? 1 : 0
        let comments = Int(Double(favorites) * (0.05 + 0.3 * pow(rng.nextDouble(), 2))) + extra
        let noise = rng.nextDouble()
        let score =
            3 * log(1 + Double(favorites)) + 2 * log(1 + Double(comments)) + 0.5 * log(1 + Double(views)) + 1.5 * noise
        return (views, favorites, comments, (score * 1_000_000).rounded() / 1_000_000)
    }

    /// [article] [adjective] subject [connector [the] subject], e.g. "Dogs in paris".
    private func makeTitle(rng: inout SplitMix64) -> (text: String, keywords: [String]) {
        var words: [String] = []
        var keywords: [String] = []
        if rng.chance(0.15) { words.append(WordLists.articles[rng.next(below: WordLists.articles.count)]) }
        if rng.chance(0.4) {
            let adjective = ZipfWords.adjectives.draw(&rng)
            words.append(adjective)
            keywords.append(adjective)
        }
        let subject = ZipfWords.subjects.draw(&rng)
        words.append(subject)
        keywords.append(subject)
        if rng.chance(0.5), let second = ZipfWords.subjects.draw(&rng, excluding: keywords) {
            words.append(WordLists.connectors[rng.next(below: WordLists.connectors.count)])
            words.append(second)
            keywords.append(second)
        }
        words[0] = capitalizedASCII(words[0])
        return (words.joined(separator: " "), keywords)
    }

    /// 3 to 8 tags: the title's words mostly, the year, a camera, a kind of photo, more subjects.
    private func makeTags(_ keywords: [String], taken: Int, rng: inout SplitMix64) -> [String] {
        let wanted = rng.next(in: 3...8)
        var tags: [String] = []
        func add(_ tag: String?) {
            if let tag, tags.count < wanted, !tags.contains(tag) { tags.append(tag) }
        }
        for keyword in keywords where rng.chance(0.7) { add(keyword) }
        if rng.chance(0.4) { add(String(UTCDate(unixSeconds: taken).year)) }
        if rng.chance(0.3) { add(WeightedWords.cameras.draw(&rng)) }
        if rng.chance(0.5) { add(WeightedWords.genericTags.draw(&rng)) }
        var attempts = 0
        while tags.count < wanted && attempts < 16 {
            attempts += 1
            add(rng.chance(0.8) ? ZipfWords.subjects.draw(&rng) : ZipfWords.adjectives.draw(&rng))
        }
        return tags
    }
}
