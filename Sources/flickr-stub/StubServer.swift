import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import PhotoCatalog

/// A request's context: Hummingbird's, plus the connection, to see a client hang up.
struct StubContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// The REST API (`/services/rest/`), its controls (`/admin`, `/admin/stats`) and the
/// misbehaving port, on 127.0.0.1 only, until a signal or `idleExit` seconds without requests.
struct StubServer {
    let catalog: Catalog
    let state: StubState
    let port: Int
    let idleExit: Int

    func run() async throws {
        let group = MultiThreadedEventLoopGroup.singleton
        let misbehave = try await MisbehaveServer.start(state: state, group: group)
        let routes = StubRoutes(
            methods: FlickrMethods(catalog: catalog, state: state), state: state, misbehavePort: misbehave.port)
        let router = Router(context: StubContext.self)
        router.get("/services/rest") { request, context in await routes.rest(request, context.channel) }
        router.head("/services/rest") { request, context in
            let full = await routes.rest(request, context.channel)
            return Response(status: full.status, headers: full.headers)
        }
        router.get("/admin") { request, _ in routes.admin(request) }
        router.get("/admin/stats") { _, _ in routes.stats() }
        var logger = Logger(label: "flickr-stub")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            server: .http1(configuration: .init(additionalChannelHandlers: [HangupWatcher()])),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in
                // Written unbuffered: a test reads the port from this line while the stub keeps running.
                let port = channel.localAddress?.port ?? 0
                FileHandle.standardOutput.write(Data("listening on http://127.0.0.1:\(port)/services/rest/\n".utf8))
                FileHandle.standardOutput.write(Data("misbehaving on http://127.0.0.1:\(misbehave.port)/\n".utf8))
            },
            eventLoopGroupProvider: .shared(group),
            logger: logger
        )
        let idleExit = self.idleExit
        let state = self.state
        Task.detached {
            guard idleExit > 0 else { return }
            while true {
                try? await Task.sleep(for: .seconds(1))
                if ContinuousClock.now - state.lastActivity > .seconds(idleExit) {
                    FileHandle.standardError.write(Data("flickr-stub: no requests for \(idleExit) s, stopping\n".utf8))
                    exit(0)
                }
            }
        }
        try await app.runService()
        try? await misbehave.channel.close()
    }
}
