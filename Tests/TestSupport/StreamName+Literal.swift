import Reactive

// A test names a stream as `trace` prints it ("row 3 · favorites"), read by the one parser; the
// app builds its names from their fields.
extension StreamName: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) { self.init(parsing: text) }
}
