/// The one way a duration is written, wherever one is read (`wait`, `--from`, `--every`, the
/// flags, the playground's `interval` and `delay`, marble time literals): a whole number or a
/// decimal, then `ms`, `s`, `m` or `h`, at most 24 hours (`500ms`, `2s`, `1.5m`, `1h`). No sign,
/// exponent, space or compound (`1h30m`); time is kept in whole milliseconds, rounded.
public enum DurationGrammar {
    /// The longest duration anything reads: a day is beyond any lesson or timeout.
    public static let upperBound: Duration = .seconds(86_400)

    /// What a reader says it expected when a word is not a duration (or is over the bound).
    public static let expectation = "a duration such as 500ms, 2s, 1.5m or 1h, at most 24h"

    /// Why a word was not read as a duration.
    public enum Refusal: Error, Equatable, Sendable {
        /// Not written as a duration at all ("soon", "5", "-1s", "1e3s").
        case notADuration
        /// Written as one, but longer than `upperBound` ("25h").
        case overLimit
    }

    static let units: [(suffix: String, milliseconds: Int64)] = [
        ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000),
    ]

    /// The duration `text` writes, or why it is not one.
    public static func read(_ text: String) -> Result<Duration, Refusal> {
        // "ms" is tried before "s" and "m".
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }) else { return .failure(.notADuration) }
        let number = text.dropLast(unit.suffix.count)
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return .failure(.notADuration) }
        let limit = upperBound.components.seconds * 1000
        // Leading zeros say nothing; more than 12 digits is over the bound in every unit.
        let whole = parts[0].drop { $0 == "0" }
        guard whole.count <= 12, let wholeValue = Int64(whole.isEmpty ? "0" : String(whole)) else {
            return .failure(.overLimit)
        }
        var milliseconds = wholeValue * unit.milliseconds
        if parts.count == 2 {
            // Nine digits of the fraction decide the rounding to a millisecond; later ones cannot.
            let digits = parts[1].prefix(9)
            let fraction = Int64(digits + String(repeating: "0", count: 9 - digits.count)) ?? 0
            milliseconds += (fraction * unit.milliseconds + 500_000_000) / 1_000_000_000
        }
        guard milliseconds <= limit else { return .failure(.overLimit) }
        return .success(.milliseconds(milliseconds))
    }

    /// The duration `text` writes, or nil.
    public static func duration(_ text: String) -> Duration? { try? read(text).get() }

    /// The shortest text `read` turns back into `duration` (to the millisecond): "250ms", "1.5s",
    /// "2m", "1h".
    public static func format(_ duration: Duration) -> String {
        let milliseconds = milliseconds(duration)
        guard milliseconds > 0 else { return "0ms" }
        for (suffix, scale) in units.reversed() where milliseconds >= scale && scale > 1 {
            let whole = milliseconds / scale
            let rest = milliseconds % scale
            guard rest != 0 else { return "\(whole)\(suffix)" }
            // A decimal only where it is exact within three digits: 1.5s, 2.25m.
            let thousandths = rest * 1000 / scale
            if thousandths * scale == rest * 1000 {
                var fraction = String(thousandths)
                fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
                while fraction.hasSuffix("0") { fraction.removeLast() }
                return "\(whole).\(fraction)\(suffix)"
            }
        }
        return "\(milliseconds)ms"
    }

    /// Whole milliseconds, exactly (integer arithmetic, toward zero), as Reactive counts them.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
