/// Small parsers for command arguments; each failure says what would be right.
enum Parse {
    /// "2s", "1.5s", "400ms", "2m": a duration for `wait`.
    static func duration(_ text: String, limit: Double = 86_400_000) -> Duration? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            let number = text.dropLast(suffix.count)
            // Only plain decimals: no signs, exponents, or "nan".
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                number.filter({ $0 == "." }).count <= 1, let value = Double(number)
            else { return nil }
            let ms = value * scale * 1000
            guard ms <= limit, ms < 9e15 else { return nil }
            return .milliseconds(Int64(ms.rounded()))
        }
        return nil
    }

    /// True for a well-formed duration longer than `wait` allows (24 hours).
    static func isDurationOverLimit(_ text: String) -> Bool {
        duration(text) == nil && duration(text, limit: .greatestFiniteMagnitude) != nil
    }

    /// A row number, written as digits only.
    static func row(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// "3-7" or "5" (a single row).
    static func rowRange(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 1:
            return row(parts[0]).map { $0...$0 }
        case 2:
            guard let low = row(parts[0]), let high = row(parts[1]), low <= high else { return nil }
            return low...high
        default:
            return nil
        }
    }

    /// Edit distance, for "did you mean".
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}

extension Shell {
    /// "500ms", "2s", "1.5s", "1m": the durations `wait` and `--drain-timeout` take.
    public nonisolated static func parseDuration(_ text: String) -> Duration? { Parse.duration(text) }
}
