/// What serving the session keeps between lines: how to start a server, where it last listened,
/// and how the clock runs as the pages say it.
@MainActor
package final class ServingState {
    /// Makes the server `serve on` starts; nil in a build without one (the quick build).
    package var makeServer: (() -> any SessionServing)?
    /// Where the session was last served (the port it got, when 0 was asked), for a `serve on`
    /// that names no address: the pages still open follow again.
    package var lastServed: ServeAddress?
    /// How the clock runs as the served page says it ("playing at 1x", "paused"), once `clock`
    /// changed it: a page that opens later is told too.
    package var pageClock: String?
}
