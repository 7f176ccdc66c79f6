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
        private let server = SessionServer()

        func start(at address: ServeAddress) -> Result<ServedAt, ServeFailure> {
            do throws(SessionServer.StartFailure) {
                let port = try server.start(host: address.host, port: address.port)
                let bound = ServeAddress(host: address.host, port: port)
                return .success(ServedAt(address: bound, url: "http://\(bound)/?token=\(server.token)"))
            } catch {
                return .failure(ServeFailure("cannot serve on \(address): \(Self.reason(error.message))"))
            }
        }

        func publish(_ message: String) { server.publish(message) }
        func stop() { server.stop() }
        var students: (following: Int, dropped: Int) { server.students }

        /// NIO's words without the system call: "Address already in use (errno: 98)".
        private static func reason(_ message: String) -> String {
            guard let range = message.range(of: "): ") else { return message }
            return String(message[range.upperBound...])
        }
    }
#endif
