/// What a served session holds to: the one place these numbers are written, read by the server
/// vmsh makes, by `help serve` and (in its words) by the README.
public struct ServeLimits: Equatable, Sendable {
    /// The latest bytes of the session kept for a student who joins late, or reloads.
    public var kept = 4 << 20
    /// How far behind a student's browser may fall, in bytes, before it is dropped.
    public var lag = 256 << 10
    /// The most students following at once; past it the page is answered 503.
    public var students = 1000
    /// How long a browser's connection that follows nothing (the page's own request) may idle.
    public var idle = Duration.seconds(30)

    public init() {}

    /// The limits with those named in `overrides` changed, as a test sets them small
    /// (`students=1 idle=1s lag=4096`); nil for a word it cannot read.
    public init?(overrides: String) {
        for word in overrides.split(whereSeparator: { $0 == " " || $0 == "," }) {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            switch parts[0] {
            case "students":
                guard let value = Int(parts[1]), value > 0 else { return nil }
                students = value
            case "lag":
                guard let value = Int(parts[1]), value > 0 else { return nil }
                lag = value
            case "kept":
                guard let value = Int(parts[1]), value > 0 else { return nil }
                kept = value
            case "idle":
                guard let value = Shell.parseDuration(parts[1]) else { return nil }
                idle = value
            default: return nil
            }
        }
    }

    /// `lag` or `kept` as help says it: "256 KiB", "4 MiB".
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }
}
