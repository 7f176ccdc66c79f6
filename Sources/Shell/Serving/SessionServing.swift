/// What serves the session to students' browsers: a server vmsh makes in a build with the `Serve`
/// trait (Sources/SessionServer). The shell hands it messages and never waits for a browser.
@MainActor
public protocol SessionServing: AnyObject {
    /// Starts listening at `address`; where it listens and the page's URL, its token included,
    /// or one line saying why not.
    func start(at address: ServeAddress) -> Result<ServedAt, ServeFailure>
    /// Hands one message (a JSON object) to every student; returns at once.
    func publish(_ message: String)
    /// Stops listening and says goodbye to every student.
    func stop()
    /// Who follows: the students connected now and those dropped for falling behind.
    var students: (following: Int, dropped: Int) { get }
}

/// Why serving did not start, as one line.
public struct ServeFailure: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// Where a started server listens (port 0 given its real one) and the page's URL with its token.
public struct ServedAt: Equatable, Sendable {
    public let address: ServeAddress
    public let url: String
    public init(address: ServeAddress, url: String) {
        self.address = address
        self.url = url
    }
}
