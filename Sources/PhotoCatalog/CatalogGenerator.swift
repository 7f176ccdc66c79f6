import Foundation
import PhotoModel
import SeededRandom

/// Makes the embedded catalog: `count` photos from `seed`, identical on every machine.
///
/// Only integer arithmetic, IEEE doubles and `log`/`pow`/`exp` are used; no system
/// randomness, no clock, no locale. Distributions are heavy-tailed like Flickr's: most
/// photos have a few views and no favorites, a few have thousands; a few owners own
/// most photos. Photo ids grow with the posting date, as Flickr's do.
public struct CatalogGenerator: Sendable {
    public static let defaultSeed: UInt64 = 1
    public static let defaultCount = 20_000
    /// Ids must stay 11 digits, so the catalog is capped (well below that limit).
    public static let maximumCount = 10_000_000

    /// The classic generator ranks its photos in memory, so it stays at a size that fits.
    public static func maximumCount(_ vocabulary: CatalogVocabulary) -> Int {
        vocabulary == .classic ? 1_000_000 : maximumCount
    }

    /// 2005-01-01T00:00:00Z and 2025-01-01T00:00:00Z: the posting dates' range.
    public static let firstPosted = 1_104_537_600
    public static let lastPosted = 1_735_689_600

    public let seed: UInt64
    public let count: Int
    public let vocabulary: CatalogVocabulary

    public init(seed: UInt64 = defaultSeed, count: Int = defaultCount, vocabulary: CatalogVocabulary = .classic) {
        precondition((0...Self.maximumCount).contains(count), "count must be in 0...\(Self.maximumCount)")
        self.seed = seed
        self.count = count
        self.vocabulary = vocabulary
    }

    /// All records, ordered by id (and so by posting date).
    public func generate() -> [CatalogRecord] {
        var records: [CatalogRecord] = []
        records.reserveCapacity(count)
        forEachRecord { records.append($0) }
        return records
    }

    /// Produces the records most interesting first (ties by ascending id), each with its
    /// place in that order from 1: the order the catalog stores them in.
    func forEachRecordByInterest(_ body: (Int, CatalogRecord) throws -> Void) rethrows {
        if vocabulary == .zipf { return try ZipfRecords(self).forEachByInterest(body) }
        let records = generate()
        for (rank, index) in Self.interestOrder(records.map { ($0.interestingness, $0.id) }).enumerated() {
            try body(rank + 1, records[index])
        }
    }

    /// The indices of `keys` (interestingness, id) sorted by descending interestingness, then
    /// ascending id: ids have the same number of digits, so text order is number order.
    static func interestOrder(_ keys: [(Double, String)]) -> [Int] {
        keys.indices.sorted { keys[$0].0 != keys[$1].0 ? keys[$0].0 > keys[$1].0 : keys[$0].1 < keys[$1].1 }
    }

    /// Produces the records one by one, in id order, without keeping them (for bulk insert).
    public func forEachRecord(_ body: (CatalogRecord) throws -> Void) rethrows {
        if vocabulary == .zipf {
            let records = ZipfRecords(self)
            for index in 0..<count { try body(records.record(index)) }
            return
        }
        let owners = makeOwners()
        var rng = SplitMix64.stream(seed: seed, purpose: 2)
        // Places come from a stream of their own, so every other draw is what it was without them.
        var places = SplitMix64.stream(seed: seed, purpose: 4)
        let idStep = max(1, 89_999_999_999 / max(count, 1))
        let range = Self.lastPosted - Self.firstPosted
        for index in 0..<count {
            let id = 10_000_000_000 + index * idStep + rng.next(below: idStep)
            let posted = Self.firstPosted + (range * index + rng.next(below: range)) / count
            var record = makeRecord(id: id, posted: posted, owners: owners, rng: &rng)
            if let place = Self.placeTag(&places) { record.tags.append(place) }
            try body(record)
        }
    }

    /// The place a photo is tagged with, for about one photo in six ("paris", the first, on 3% of all).
    static func placeTag(_ rng: inout SplitMix64) -> String? {
        let place = WeightedWords.places.draw(&rng)
        return rng.chance(0.16) ? place : nil
    }

    private func makeRecord(id: Int, posted: Int, owners: [(nsid: String, name: String)], rng: inout SplitMix64)
        -> CatalogRecord
    {
        // Few owners post most photos: index = n * u^2.5 favours the first owners.
        let owner = owners[min(owners.count - 1, Int(Double(owners.count) * pow(rng.nextDouble(), 2.5)))]
        // Taken from a second to two years before posting, log-uniformly.
        let taken = posted - Int(exp(rng.nextDouble() * log(2.0 * 365 * 86_400)))
        let title = makeTitle(rng: &rng)
        let tags = makeTags(title: title, taken: taken, rng: &rng)
        // Popularity is Pareto (alpha 1.2): median about 1.8, a few photos in the thousands.
        let popularity = pow(1 - rng.nextDouble(), -1 / 1.2)
        let views = Int(popularity * (12 + 40 * rng.nextDouble()))
        let favorites = Int(popularity * pow(rng.nextDouble(), 1.5) * 1.4)
        let comments =
            Int(Double(favorites) * (0.05 + 0.3 * pow(rng.nextDouble(), 2)))
            + (favorites > 0 && rng.chance(0.2) ? 1 : 0)
        let noise = rng.nextDouble()
        let score =
            3 * log(1 + Double(favorites)) + 2 * log(1 + Double(comments)) + 0.5 * log(1 + Double(views)) + 1.5 * noise
        return CatalogRecord(
            id: String(id),
            title: title.text,
            tags: tags,
            owner: owner.nsid,
            ownerName: owner.name,
            secret: hexDigits(rng.next() >> 24, width: 10),
            server: String(1000 + rng.next(below: 9000)),
            views: views,
            favorites: favorites,
            comments: comments,
            taken: taken,
            posted: posted,
            description: makeDescription(rng: &rng),
            interestingness: (score * 1_000_000).rounded() / 1_000_000
        )
    }

    /// 2 to 5 words: [article] [adjective] subject [connector [the] subject], e.g.
    /// "Golden sunset over the lake", "My cat", "Kyoto at night".
    private func makeTitle(rng: inout SplitMix64) -> (text: String, keywords: [String]) {
        var words: [String] = []
        var keywords: [String] = []
        if rng.chance(0.2) { words.append(WordLists.articles[rng.next(below: WordLists.articles.count)]) }
        if rng.chance(0.5) {
            let adjective = WeightedWords.adjectives.draw(&rng)
            words.append(adjective)
            keywords.append(adjective)
        }
        let subject = WeightedWords.subjects.draw(&rng)
        words.append(subject)
        keywords.append(subject)
        if rng.chance(0.4) || words.count < 2 {
            let second = WeightedWords.subjects.draw(&rng, excluding: keywords) ?? "photo"
            if words.count >= 2 && rng.chance(0.7) {
                words.append(WordLists.connectors[rng.next(below: WordLists.connectors.count)])
                if words.count <= 3 && rng.chance(0.3) { words.append("the") }
            }
            words.append(second)
            keywords.append(second)
        }
        words[0] = capitalizedASCII(words[0])
        return (words.joined(separator: " "), keywords)
    }

    /// 3 to 8 tags: mostly the title's words (as Flickr users do), sometimes the year taken,
    /// the camera and a kind of photo, then fresh subjects.
    private func makeTags(title: (text: String, keywords: [String]), taken: Int, rng: inout SplitMix64) -> [String] {
        let wanted = rng.next(in: 3...8)
        var tags: [String] = []
        func add(_ tag: String?) {
            if let tag, tags.count < wanted, !tags.contains(tag) { tags.append(tag) }
        }
        for keyword in title.keywords where rng.chance(0.7) { add(keyword) }
        if rng.chance(0.4) { add(String(UTCDate(unixSeconds: taken).year)) }
        if rng.chance(0.3) { add(WeightedWords.cameras.draw(&rng)) }
        if rng.chance(0.5) { add(WeightedWords.genericTags.draw(&rng)) }
        var attempts = 0
        while tags.count < wanted && attempts < 16 {
            attempts += 1
            let kind = rng.nextDouble()
            add(
                kind < 0.6
                    ? WeightedWords.subjects.draw(&rng)
                    : kind < 0.75 ? WeightedWords.genericTags.draw(&rng) : WeightedWords.adjectives.draw(&rng))
        }
        return tags
    }

    func makeDescription(rng: inout SplitMix64) -> String {
        func pick(_ list: [String]) -> String { list[rng.next(below: list.count)] }
        let place = WeightedWords.subjects.draw(&rng)
        return
            "Near the \(place) on a \(pick(WordLists.moods)) \(pick(WordLists.times)), taken with \(pick(WordLists.gear))."
    }

    /// Some hundreds of owners (one per 40 photos, at most 500), with unique NSIDs.
    func makeOwners() -> [(nsid: String, name: String)] {
        var rng = SplitMix64.stream(seed: seed, purpose: 1)
        let ownerCount = min(500, max(1, (count + 39) / 40))
        var seen = Set<String>()
        var owners: [(nsid: String, name: String)] = []
        while owners.count < ownerCount {
            let nsid = "\(10_000_000 + rng.next(below: 190_000_000))@N0\(rng.next(in: 1...8))"
            let name: String
            if rng.chance(0.6) {
                name =
                    "\(WordLists.firstNames[rng.next(below: WordLists.firstNames.count)]) \(WordLists.lastNames[rng.next(below: WordLists.lastNames.count)])"
            } else {
                let first = WordLists.handleWords[rng.next(below: WordLists.handleWords.count)]
                let second = WordLists.handleWords[rng.next(below: WordLists.handleWords.count)]
                name = rng.chance(0.5) ? "\(first)_\(second)" : "\(first)\(second)\(rng.next(in: 10...99))"
            }
            if seen.insert(nsid).inserted { owners.append((nsid, name)) }
        }
        return owners
    }
}

/// Upper-cases an ASCII first letter only: Unicode case mapping can vary between releases.
func capitalizedASCII(_ word: String) -> String {
    guard let first = word.utf8.first, (97...122).contains(first) else { return word }
    return String(UnicodeScalar(first - 32)) + word.dropFirst()
}
