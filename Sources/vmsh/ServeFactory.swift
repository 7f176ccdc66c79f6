import SessionWire
import Shell

#if Serve
    import SessionServer
#endif

/// The server `--serve` and `serve on` start, in a build with the `Serve` trait; nil in the quick
/// build, which has no NIO (it says so in one line).
@MainActor
enum ServeFactory {
    /// `VMSH_SERVE_LIMITS` (`students=1 idle=1s`) sets limits small, for the tests that reach them.
    static func makeServer(environment: [String: String]) -> (() -> any SessionServing)? {
        #if Serve
            let limits = environment["VMSH_SERVE_LIMITS"].flatMap(ServeLimits.init(overrides:)) ?? ServeLimits()
            return { ServedSession(limits: limits) }
        #else
            return nil
        #endif
    }
}
