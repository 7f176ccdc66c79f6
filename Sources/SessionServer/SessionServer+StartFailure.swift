extension SessionServer {
    /// Why the server did not start, as one line.
    public struct StartFailure: Error, Sendable {
        public let message: String
        init(_ message: String) { self.message = message }
    }
}
