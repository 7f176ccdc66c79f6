extension Int {
    /// The number with thousands separators, fixed and locale-free so transcripts never vary.
    public var grouped: String {
        // Most counts an update line prints have no separator to add.
        if (-999...999).contains(self) { return String(self) }
        let digits = String(magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return self < 0 ? "-" + out : out
    }

    /// "1 photo", "2 photos"; "1 search", "2 searches".
    public func counted(_ noun: String) -> String {
        guard self != 1 else { return "\(grouped) \(noun)" }
        let plural = noun.hasSuffix("ch") || noun.hasSuffix("s") ? noun + "es" : noun + "s"
        return "\(grouped) \(plural)"
    }
}

extension Duration {
    /// "00:01.400": minutes, seconds and milliseconds, as transcripts stamp their lines (whole
    /// milliseconds in integer arithmetic: printed time never depends on floating point).
    public var clockText: String {
        let (seconds, attoseconds) = components
        let totalMS = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(totalMS / 60_000, 2)):\(pad(totalMS / 1000 % 60, 2)).\(pad(totalMS % 1000, 3))"
    }
}
