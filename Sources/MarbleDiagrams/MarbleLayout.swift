import Reactive

/// The time axis shared by every lane of a diagram: one column is one step, the same for all,
/// and an event at `time` is in column floor((time - origin) / step).
public struct MarbleLayout: Equatable, Sendable {
    /// The time of column 0: the start rounded down to a whole step, so ticks fall on round times.
    public let origin: Duration
    public let step: Duration
    /// How many columns the span from origin to end takes.
    public let columns: Int
    /// The first and last moments shown (`from` and `to`).
    public let start: Duration
    public let end: Duration

    /// The finest round step (100 ms, 200 ms, 500 ms, 1 s, 2 s, 5 s, …) at which the span from
    /// `start` to `end` fits in `maxColumns` columns.
    public init(start: Duration, end: Duration, maxColumns: Int) {
        let end = max(start, end)
        var step = Duration.milliseconds(100)
        var index = 0
        while Self.columns(start: start, end: end, step: step) > max(maxColumns, 1) {
            index += 1
            let decade = (0..<(index / 3)).reduce(Int64(1)) { value, _ in value * 10 }
            step = .milliseconds(100 * [1, 2, 5][index % 3] * decade)
        }
        self.step = step
        self.start = start
        self.end = end
        origin = step * Int(Self.floorDiv(start, step))
        columns = Self.columns(start: start, end: end, step: step)
    }

    /// The column of a moment; negative before the origin, `columns` or more after the end.
    public func column(_ time: Duration) -> Int { Int(Self.floorDiv(time - origin, step)) }

    /// The time at the left edge of a column.
    public func time(ofColumn column: Int) -> Duration { origin + step * column }

    /// Whether a moment is shown.
    public func contains(_ time: Duration) -> Bool { time >= start && time <= end }

    /// The step as people say it: "100 ms", "1 s", "2 min".
    public var stepText: String { Self.format(step, unit: true) }

    /// A moment as the ruler labels it: "0.4s", "12s", "2m05s".
    public func label(_ time: Duration) -> String { Self.format(time, unit: false) }

    static func format(_ time: Duration, unit spaced: Bool) -> String {
        let ms = time.wholeMilliseconds
        let space = spaced ? " " : ""
        if spaced && ms < 1000 { return "\(ms) ms" }
        if ms < 60_000 {
            let tenths = ms / 100
            return tenths % 10 == 0 ? "\(tenths / 10)\(space)s" : "\(tenths / 10).\(tenths % 10)\(space)s"
        }
        let seconds = ms / 1000
        if spaced { return seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s" }
        let rest = seconds % 60
        return "\(seconds / 60)m" + (rest < 10 ? "0" : "") + "\(rest)s"
    }

    private static func columns(start: Duration, end: Duration, step: Duration) -> Int {
        Int(floorDiv(end, step) - floorDiv(start, step)) + 1
    }

    private static func floorDiv(_ time: Duration, _ step: Duration) -> Int64 {
        let ms = time.wholeMilliseconds
        let size = step.wholeMilliseconds
        return ms >= 0 ? ms / size : -((-ms + size - 1) / size)
    }
}
