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
    /// Opens question `number` to the students' answers (nil: closes it, its answers kept to read).
    func openQuestion(_ number: Int?)
    /// The open (or last closed) question's answers, one per student: the latest each sent.
    var answers: [ClassAnswer] { get }
    /// Hands the controls the teacher's page sends (`ask close`) to `run`, on a server's thread.
    func onControl(_ run: @escaping @Sendable (String) -> Void)
}

extension SessionServing {
    package func openQuestion(_ number: Int?) {}
    package var answers: [ClassAnswer] { [] }
    package func onControl(_ run: @escaping @Sendable (String) -> Void) {}
}
