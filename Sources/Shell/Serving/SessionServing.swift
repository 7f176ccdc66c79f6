import SessionWire

/// What serves the session to students' browsers: a server vmsh makes in a build with the `Serve`
/// trait (Sources/SessionServer). The shell hands it messages and never waits for a browser.
@MainActor
public protocol SessionServing: AnyObject {
    /// Starts listening at `address`: where it listens and the page's addresses and token, or
    /// one line saying why not.
    func start(at address: ServeAddress) throws(CommandFailure) -> ServedAt
    /// Hands one message to every student; returns at once. A `lasting` message
    /// says how something stands (the clock): a student who joins later gets the latest one
    /// first, however much of the history was let go.
    func publish(_ message: FeedMessage, lasting: Bool)
    /// Stops listening and says goodbye to every student; returns at once, whatever the browsers
    /// do, unless `atExit`, when the pages have a moment (a second at most) to hear it.
    func stop(atExit: Bool)
    /// Who follows: the students connected now and those dropped for falling behind.
    var students: (following: Int, dropped: Int) { get }
}
