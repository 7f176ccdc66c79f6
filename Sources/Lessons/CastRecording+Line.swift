import Shell

extension CastRecording {
    /// One event line: `[seconds, "o" or "m", text]`, seconds to the millisecond.
    package struct Line: Encodable {
        let time: Duration
        let kind: Kind
        let text: String

        package func encode(to encoder: any Encoder) throws {
            var fields = encoder.unkeyedContainer()
            // Whole milliseconds as a Double print as their shortest decimal: 12.345, 0.07, 3.
            try fields.encode(Double(max(time.wholeMilliseconds, 0)) / 1000)
            try fields.encode(kind.rawValue)
            try fields.encode(text)
        }
    }
}
