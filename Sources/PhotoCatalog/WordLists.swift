/// The built-in vocabulary the generator draws titles, tags and names from.
///
/// Tiers give searches a realistic spread: a common subject ("sunset") matches several
/// hundred photos of 20,000, an ordinary one a few hundred, an uncommon one dozens, a rare
/// one a handful. Some words carry accents or are CJK so that diacritic-insensitive and
/// non-Latin search can be tried. Words never contain spaces (tags are stored
/// space-separated). Changing these lists changes every catalog: bump
/// `Catalog.schemaVersion` (the file name carries it) when you do.
enum WordLists {
    /// Very common photo subjects.
    static let common = [
        "sunset", "beach", "mountain", "city", "night", "cat", "dog", "flower", "bird", "bridge",
        "river", "snow", "forest", "lake", "street", "portrait", "rain", "sky", "autumn", "tree",
    ]

    /// Ordinary subjects.
    static let ordinary = [
        "ocean", "sea", "cloud", "sunrise", "winter", "summer", "spring", "garden", "park", "building",
        "church", "castle", "tower", "harbor", "boat", "train", "car", "road", "shadow", "reflection",
        "water", "waterfall", "desert", "island", "valley", "hill", "field", "meadow", "leaves", "rose",
        "tulip", "butterfly", "bee", "horse", "cow", "sheep", "fox", "deer", "owl", "eagle",
        "duck", "swan", "squirrel", "kitten", "puppy", "child", "family", "wedding", "festival", "market",
        "café", "coffee", "food", "music", "concert", "dance", "skyline", "neon", "window", "door",
        "stairs", "wall", "graffiti", "art", "museum", "statue", "fountain", "lighthouse", "pier", "sand",
        "wave", "storm", "fog", "ice", "moon", "stars", "macro", "bokeh", "coast", "cliff",
        "rock", "stone", "path", "trail", "fence", "barn", "farm", "village", "town", "square",
        "alley", "roof", "balcony", "bench", "lamp", "sign", "bus", "taxi", "station", "airport",
        "plane", "ship", "canal", "dock", "port", "waterfront", "temple", "mosque", "cathedral", "palace",
        "ruins", "monument", "fireworks", "candle", "book", "girl", "boy", "woman", "man", "baby",
        "friends", "smile", "eyes", "hands", "silhouette", "sun", "horizon", "dusk", "dawn", "clouds",
        "grass", "daisy", "lily", "blossom", "cherry", "apple", "fruit", "pavement", "bicycle", "motorcycle",
        "horses", "goat", "chicken", "rabbit", "frog", "fish", "seagull", "pigeon", "crow", "robin",
    ]

    /// Uncommon subjects.
    static let uncommon = [
        "heron", "kingfisher", "lichen", "dew", "cobblestone", "tram", "gondola", "pagoda", "minaret", "aurora",
        "geyser", "glacier", "fjord", "iceberg", "canyon", "mesa", "cactus", "bonsai", "origami", "lantern",
        "carousel", "chess", "violin", "accordion", "saxophone", "typewriter", "vespa", "locomotive", "windmill",
        "scarecrow",
        "pumpkin", "sunflower", "lavender", "poppy", "orchid", "lotus", "dandelion", "mushroom", "moss", "fern",
        "birch", "willow", "maple", "bamboo", "flamingo", "pelican", "puffin", "otter", "hedgehog", "badger",
        "lynx", "bison", "walrus", "penguin", "chameleon", "dragonfly", "ladybird", "snail", "tapas", "gelato",
        "croissant", "ramen", "sushi", "vineyard", "orchard", "greenhouse", "quarry", "volcano", "crater", "dune",
    ]

    /// Rare words: places, foreign words, oddities; each matches a few photos at most.
    static let rare = [
        "Kyoto", "Lisbon", "Reykjavík", "Zürich", "Malmö", "Kraków", "Montréal", "Düsseldorf", "Córdoba", "Ålesund",
        "Tromsø", "Göreme", "Patagonia", "Yosemite", "Dolomites", "Hokkaido", "Marrakech", "Valparaíso", "Sevilla",
        "Huế",
        "東京", "富士山", "桜", "紅葉", "北京", "서울", "crème", "brûlée", "façade", "jalapeño",
        "naïve", "piñata", "smörgåsbord", "fête", "soufflé", "zeppelin", "theremin", "narwhal", "axolotl", "okapi",
        "pangolin", "quokka", "tardigrade", "zither", "sextant", "astrolabe", "gargoyle", "obelisk", "ziggurat", "yurt",
    ]

    /// The places people search for first, most photographed first: one of them is tagged on some
    /// photos, as a traveller tags where a photo was taken. Flickr writes "New York" as the tag
    /// "newyork". None is a subject above, so no other word's photos change.
    static let places = [
        "paris", "london", "newyork", "tokyo", "rome", "berlin", "barcelona", "amsterdam", "venice", "prague",
        "sydney", "istanbul", "vienna", "madrid", "dublin", "edinburgh",
    ]

    /// Describing words placed before a subject ("golden sunset").
    static let adjectives = [
        "golden", "blue", "red", "green", "old", "quiet", "early", "misty", "frozen", "little",
        "bright", "dark", "wild", "lonely", "urban", "rural", "vintage", "evening", "morning", "last",
        "first", "empty", "hidden", "ancient", "silent", "sleepy", "happy", "tiny", "big", "white",
        "black", "purple", "yellow", "orange", "pink", "foggy", "rainy", "snowy", "sunny", "cloudy",
    ]

    /// Words that start a title ("My cat", "The bridge").
    static let articles = ["the", "my", "a", "our"]

    /// Short words placed between two subjects ("sunset over the lake").
    static let connectors = ["at", "in", "over", "by", "under", "near", "and", "with", "of", "on"]

    /// Tags that say what kind of photo it is, not what is in it.
    static let genericTags = [
        "nature", "travel", "photography", "landscape", "explore", "bw", "blackandwhite", "film", "35mm", "hdr",
        "longexposure", "streetphotography", "wildlife", "urbanexploration", "color", "vacation", "europe", "asia",
        "usa", "outdoor",
    ]

    /// Camera brands, most popular first.
    static let cameras = [
        "canon", "nikon", "sony", "iphone", "fujifilm", "olympus", "panasonic", "pentax", "leica", "ricoh",
    ]

    /// Words for descriptions only (descriptions are not indexed).
    static let moods = ["quiet", "cold", "warm", "rainy", "windy", "bright", "grey", "lazy", "busy", "still"]
    static let times = ["morning", "afternoon", "evening", "night", "weekend", "holiday"]
    static let gear = [
        "an old film camera", "my phone", "a borrowed lens", "a tripod", "a 50mm lens", "a compact camera",
    ]

    /// Owners' names: real-looking people and Flickr-style handles.
    static let firstNames = [
        "Anna", "Ben", "Chloé", "David", "Elif", "Farid", "Greta", "Hiro", "Ines", "Jonas",
        "Karin", "Luis", "Maja", "Nikolai", "Olga", "Pedro", "Quinn", "Rosa", "Sven", "Tomás",
        "Uma", "Viktor", "Wen", "Ximena", "Yusuf", "Zoë", "Björn", "Aiko", "Mateo", "Saanvi",
    ]
    static let lastNames = [
        "Andersen", "Brooks", "Castillo", "Dubois", "Eriksson", "Fischer", "García", "Hansen", "Ito", "Jensen",
        "Kowalski", "Lindqvist", "Moreau", "Novak", "O'Brien", "Petrov", "Rossi", "Schmidt", "Tanaka", "Umar",
        "Varga", "Weber", "Yılmaz", "Zhang", "Müller", "Núñez", "Åberg", "Kim", "Okafor", "Silva",
    ]
    static let handleWords = [
        "pixel", "shutter", "lens", "wander", "nomad", "light", "frame", "grain", "focus", "drift",
        "north", "salt", "paper", "moth", "kite", "ember", "echo", "fern", "tide", "loop",
    ]
}
