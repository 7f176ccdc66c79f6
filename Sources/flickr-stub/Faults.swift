/// The fault and load settings: set by flags at start and by `GET /admin?...` while running.
struct Faults: Sendable, Equatable {
    /// Added before every REST answer.
    var latencyMS = 0
    /// The share of calls (0...1) answered with code 105, drawn from a seeded generator.
    var errorRate = 0.0
    /// Answer every call with this Flickr error code (0: off).
    var forceCode = 0
    var http500 = false
    /// Send only the first half of the body.
    var truncate = false
    /// Send an HTML page instead of JSON.
    var nonJSON = false
    /// Never answer; the connection stays open until the client gives up.
    var stall = false
    /// The faults last for this many REST calls, then clear themselves (nil: until changed).
    var times: Int?
    /// Search replies carry `pages` and `total` as strings, as older Flickr replies do.
    var legacyNumbers = false
    /// Titles and owner names full of control characters, bidi overrides and 10,000 characters.
    var hostileStrings = false
    /// Refuse the key, quoting it back in upper case, plain and percent-escaped.
    var keyEcho = false
    /// Titles and owner names hold the key, JSON-escaped (`\u0061` and `\u0041` mixed with plain letters).
    var keyInText = false
    /// Search and the gallery list this many photos, whatever per_page asked (0: off).
    var extraPhotos = 0
    /// getInfo sends this text as `dates.posted` (nil: the photo's own).
    var posted: String?
    /// Answer REST calls with this redirect (301 or 302; 0: off) to the misbehaving port.
    var redirect = 0

    /// True when any setting differs from a healthy server's.
    var isActive: Bool {
        var healthy = Faults()
        healthy.legacyNumbers = legacyNumbers
        return self != healthy
    }

    static let parameters = [
        "latency_ms", "error_rate", "force_code", "http500", "truncate", "nonjson", "stall", "times", "legacy_numbers",
        "hostile_strings", "key_echo", "key_in_text", "extra_photos", "posted", "redirect",
    ]

    /// Applies one `name=value`; a message when the name or value is not understood.
    mutating func set(_ name: String, _ value: String) -> String? {
        func flag() -> Bool? { ["1": true, "true": true, "0": false, "false": false][value] }
        switch name {
        case "latency_ms":
            guard let ms = Int(value), (0...600_000).contains(ms) else { return "latency_ms takes 0...600000" }
            latencyMS = ms
        case "error_rate":
            guard let rate = Double(value), (0...1).contains(rate) else { return "error_rate takes 0...1" }
            errorRate = rate
        case "force_code":
            guard let code = Int(value), code >= 0 else { return "force_code takes a Flickr error code (0: off)" }
            forceCode = code
        case "times":
            guard let count = Int(value), count >= 0 else { return "times takes a count (0: until changed)" }
            times = count == 0 ? nil : count
        case "http500":
            guard let on = flag() else { return "http500 takes 0 or 1" }
            http500 = on
        case "truncate":
            guard let on = flag() else { return "truncate takes 0 or 1" }
            truncate = on
        case "nonjson":
            guard let on = flag() else { return "nonjson takes 0 or 1" }
            nonJSON = on
        case "stall":
            guard let on = flag() else { return "stall takes 0 or 1" }
            stall = on
        case "legacy_numbers":
            guard let on = flag() else { return "legacy_numbers takes 0 or 1" }
            legacyNumbers = on
        case "hostile_strings":
            guard let on = flag() else { return "hostile_strings takes 0 or 1" }
            hostileStrings = on
        case "key_echo":
            guard let on = flag() else { return "key_echo takes 0 or 1" }
            keyEcho = on
        case "key_in_text":
            guard let on = flag() else { return "key_in_text takes 0 or 1" }
            keyInText = on
        case "extra_photos":
            guard let count = Int(value), (0...4000).contains(count) else { return "extra_photos takes 0...4000" }
            extraPhotos = count
        case "posted": posted = value.isEmpty ? nil : value
        case "redirect":
            guard let code = Int(value), [0, 301, 302, 307, 308].contains(code) else {
                return "redirect takes 301, 302, 307, 308 or 0"
            }
            redirect = code
        default: return "unknown setting \(name); known: \(Self.parameters.joined(separator: ", ")), reset, budget"
        }
        return nil
    }

    var json: [String: Any] {
        [
            "latency_ms": latencyMS, "error_rate": errorRate, "force_code": forceCode, "http500": http500,
            "truncate": truncate, "nonjson": nonJSON, "stall": stall, "times": times ?? 0,
            "legacy_numbers": legacyNumbers,
            "hostile_strings": hostileStrings, "key_echo": keyEcho, "key_in_text": keyInText,
            "extra_photos": extraPhotos, "posted": posted ?? "",
            "redirect": redirect,
        ]
    }
}
