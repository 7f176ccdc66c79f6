/// What a served session holds to: the one place these numbers are written, read by the server
/// (`SessionServer`, its history), by `help serve` and (in its words) by docs/teaching.md.
public struct ServeLimits: Equatable, Sendable {
    /// The latest bytes of the session kept for a student who joins late, or reloads.
    public var kept = 4 << 20
    /// How far behind a student's browser may fall, in bytes published since it joined, before
    /// it is dropped.
    public var lag = 256 << 10
    /// The most students following at once; past it the page is answered 503.
    public var students = 1000
    /// How long a browser's connection that follows nothing (the page's own request) may idle,
    /// and how long any connection has to send its first request's headers.
    public var idle = Duration.seconds(30)
    /// How long a page has, once serving stops, to take its goodbye before it is cut off.
    public var goodbye = Duration.seconds(1)
    /// The most a student takes at once (one WebSocket frame): what a slow page holds in vmsh while
    /// its socket is full, so it is small (a class of 1,000 pages that read slowly holds 1,000 of them).
    public var batch = 16 << 10
    /// How long the server gathers messages before it wakes the students: a burst of lines goes
    /// out as one frame, not one each (each frame is a wake-up and a write for every student), and
    /// no reader can tell 40 ms.
    public var gather = Duration.milliseconds(40)
    /// The largest frame a student's page may send (an answer and a name, as JSON).
    public var answerBytes = 1024
    /// The most frames a student's page may send in `sendWindow`; one more and it is dropped.
    public var sends = 10
    public var sendWindow = Duration.seconds(10)
    /// The most times one page (by the id the server gave it) may open the feed in `rejoinWindow`:
    /// more is a page reconnecting in a loop, refused before the history is sent to it again.
    public var rejoins = 10
    /// The most connections from one client address that may end in `rejoinWindow` before a page
    /// from there that gives no id is refused: a class behind one router's address joins at once
    /// and stays, and comes back with its ids; a page in a loop leaves each time.
    public var leaves = 50
    public var rejoinWindow = Duration.seconds(60)

    public init() {}

    /// The limits with those named in `overrides` changed, as a test sets them small
    /// (`students=1 idle=1s lag=4096`), a duration read by `duration`; nil for a word it cannot read.
    public init?(overrides: String, duration: (String) -> Duration?) {
        for word in overrides.split(whereSeparator: { $0 == " " || $0 == "," }) {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            if parts[0] == "idle" {
                guard let value = duration(parts[1]) else { return nil }
                idle = value
                continue
            }
            guard let value = Int(parts[1]), value > 0 else { return nil }
            switch parts[0] {
            case "students": students = value
            case "lag": lag = value
            case "kept": kept = value
            case "rejoins": rejoins = value
            case "leaves": leaves = value
            default: return nil
            }
        }
    }

    /// `lag` or `kept` as help says it: "256 KiB", "4 MiB".
    public static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }
}
