import Shell

#if Serve
    import SessionServer
#endif

/// The server `--serve` and `serve on` start, in a build with the `Serve` trait; nil in the quick
/// build, which has no NIO (it says so in one line).
@MainActor
enum ServeFactory {
    static var makeServer: (() -> any SessionServing)? {
        #if Serve
            { ServedSession() }
        #else
            nil
        #endif
    }
}

#if Serve
    /// The shell's view of a `SessionServer`: start, publish, stop, who follows.
    @MainActor
    final class ServedSession: SessionServing {
        /// One token for the process: `serve off` then `serve on` keeps every student's address.
        private static let token = SessionServer.makeToken()
        private let server = SessionServer(token: token)

        func start(at address: ServeAddress) -> Result<ServedAt, ServeFailure> {
            do throws(SessionServer.StartFailure) {
                let port = try server.start(host: address.host, port: address.port)
                let bound = ServeAddress(host: address.host, port: port)
                return .success(ServedAt(address: bound, url: "http://\(bound)/?token=\(server.token)"))
            } catch {
                return .failure(ServeFailure("cannot serve on \(address): \(error.message)"))
            }
        }

        func publish(_ message: String) { server.publish(message) }
        func stop() { server.stop() }
        var students: (following: Int, dropped: Int) { server.students }
    }
#endif
