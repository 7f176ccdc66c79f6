/// The scale catalogs' vocabulary: one ranked list of subjects (things, places, plurals), drawn
/// with Zipf-like weights, 1 / (rank + 25): a few words ("dogs", "paris") are in several
/// percent of photos, a long tail in a handful, as on Flickr. Changing it changes every
/// scale catalog: bump `CatalogSchema.version` when you do.
enum ZipfWords {
    /// The most used words, most common first.
    static let head = [
        "dogs", "paris", "sunset", "beach", "cat", "london", "flowers", "city", "night", "dog",
        "birds", "tokyo", "mountains", "street", "nature", "newyork", "cats", "snow", "lake", "bridge",
        "trees", "rome", "water", "sky", "portrait", "berlin", "river", "forest", "rain", "autumn",
    ]
    static let places = [
        "barcelona", "amsterdam", "venice", "prague", "vienna", "istanbul", "madrid", "dublin", "edinburgh", "sydney",
        "chicago", "seattle", "boston", "california", "iceland", "japan", "italy", "france", "spain", "scotland",
        "ireland", "norway", "india", "china", "mexico", "canada", "brazil", "peru", "greece", "portugal",
        "germany", "england", "thailand", "vietnam", "bali", "hawaii", "alaska", "florida", "texas", "kyoto",
        "lisbon", "florence", "budapest", "copenhagen", "stockholm", "oslo", "helsinki", "moscow", "cairo", "dubai",
    ]
    static let plurals = [
        "mountains", "bridges", "rivers", "lakes", "streets", "boats", "cars", "trains", "buildings", "castles",
        "ducks", "swans", "cows", "roses", "tulips", "bees", "kids", "people", "children", "houses",
        "windows", "doors", "lights", "stars", "waves", "rocks", "hills", "fields", "horses", "sheep",
        "girls", "boys", "friends", "flowers", "leaves", "clouds", "birds", "trees", "cats", "dogs",
    ]

    /// Every subject once, in rank order: the head, then the other lists interleaved, so each
    /// kind of word has common and rare members.
    static let ranked: [String] = {
        let sources = [WordLists.common, places, plurals, WordLists.ordinary, WordLists.uncommon, WordLists.rare]
        var seen = Set(head)
        var words = head
        var position = 0
        while sources.contains(where: { position < $0.count }) {
            for source in sources where position < source.count {
                let word = source[position]
                if seen.insert(word).inserted { words.append(word) }
            }
            position += 1
        }
        return words
    }()

    static let subjects = WeightedWords(zipf: ranked, offset: 25)
    static let adjectives = WeightedWords(zipf: WordLists.adjectives, offset: 5)
}
