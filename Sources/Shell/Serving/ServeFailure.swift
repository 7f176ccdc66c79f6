/// Why serving did not start, as one line.
public struct ServeFailure: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
