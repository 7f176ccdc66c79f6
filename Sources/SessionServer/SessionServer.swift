import Dispatch
import Glibc
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization

/// The session served to students' browsers: the page at `/` and its live feed at `/follow` (a
/// WebSocket), both behind the token, on Hummingbird. The teacher's thread only `publish`es into
/// the history; NIO's threads write to the browsers.
public final class SessionServer: Sendable {
    /// The token every request must carry (`?token=`).
    public let token: String
    private let history: SessionHistory
    private let running = Mutex<Running?>(nil)

    /// A server that has started: its services, stopped together.
    private struct Running: Sendable {
        let group: ServiceGroup
        let finished: DispatchSemaphore
    }

    /// A server whose pages need `token` (`makeToken()`): one token for a whole vmsh process, so
    /// a page that lost the server follows again when the teacher serves again at that address.
    public init(token: String) {
        self.token = token
        history = SessionHistory()
    }

    /// A new random token, 128 bits as hex.
    public static func makeToken() -> String { AccessToken.make() }

    init(token: String, limits: SessionHistory.Limits) {
        self.token = token
        history = SessionHistory(limits: limits)
    }

    /// Starts listening at `host`:`port` (0: any free port) and waits until it does; the port.
    public func start(host: String, port: Int) throws(StartFailure) -> Int {
        let started = Started()
        let app = Application(
            router: pageRouter(),
            server: .http1WebSocketUpgrade(webSocketRouter: feedRouter()),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in started.succeed(channel.localAddress?.port ?? port) },
            eventLoopGroupProvider: .singleton,
            logger: Self.quiet)
        let group = ServiceGroup(services: [app], logger: Self.quiet)
        let finished = DispatchSemaphore(value: 0)
        let history = self.history
        Task.detached {
            do {
                try await group.run()
                started.fail(StartFailure("the server stopped at once"))
            } catch let error as IOError {
                // NIO's words name the system call; the teacher wants the reason.
                started.fail(StartFailure(String(cString: strerror(error.errnoCode))))
            } catch {
                started.fail(StartFailure("\(error)"))
            }
            finished.signal()
        }
        Task.detached { await history.ring() }
        running.withLock { $0 = Running(group: group, finished: finished) }
        do {
            return try started.wait(timeout: .seconds(10))
        } catch {
            stop()
            throw error
        }
    }

    /// Hands one message to every student: returns at once, whatever the browsers do.
    public func publish(_ message: String) { history.publish(message) }

    /// Tells every page the teacher stopped, closes the connections and waits (a little) for them.
    public func stop() {
        guard let running = running.withLock({ $0.take() }) else { return }
        history.stop()
        // Each student says goodbye itself first; the shutdown would close them without a reason.
        let deadline = ContinuousClock.now + .seconds(1)
        while history.students.following > 0, ContinuousClock.now < deadline { usleep(5000) }
        Task.detached { await running.group.triggerGracefulShutdown() }
        _ = running.finished.wait(timeout: .now() + .seconds(3))
    }

    /// The students following now, and those dropped for falling behind.
    public var students: (following: Int, dropped: Int) { history.students }

    /// The page, behind the gate; `/follow` without an upgrade says what it is for.
    private func pageRouter() -> Router<ServeContext> {
        let router = Router(context: ServeContext.self)
        router.add(middleware: ServeGate(token: token))
        router.get("/") { _, _ in FollowPage.response() }
        router.get("/follow") { _, _ in
            ServeGate<ServeContext>.refusal(.badRequest, "This is the page's live feed: a WebSocket.")
        }
        return router
    }

    /// The WebSocket upgrade at `/follow`, with the token only; any other request goes on to the page's router.
    private func feedRouter() -> Router<ServeContext> {
        let router = Router(context: ServeContext.self)
        let token = self.token
        let history = self.history
        router.ws("/follow") { request, _ in
            AccessToken.matches(request.uri.queryParameters["token"], token) ? .upgrade([:]) : .dontUpgrade
        } onUpgrade: { inbound, outbound, context in
            try await Student(history: history, channel: context.requestContext.channel).follow(inbound, outbound)
        }
        return router
    }

    /// Nothing from the server reaches the teacher's terminal.
    private static let quiet: Logger = {
        var logger = Logger(label: "vmsh-serve")
        logger.logLevel = .critical
        return logger
    }()

    /// Why the server did not start, as one line.
    public struct StartFailure: Error, Sendable {
        public let message: String
        init(_ message: String) { self.message = message }
    }
}

/// The port the server started on, or why not, waited for by the thread that started it.
private final class Started: Sendable {
    private let result = Mutex<Result<Int, SessionServer.StartFailure>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func succeed(_ port: Int) { settle(.success(port)) }
    func fail(_ failure: SessionServer.StartFailure) { settle(.failure(failure)) }

    private func settle(_ value: Result<Int, SessionServer.StartFailure>) {
        let first = result.withLock { result in
            guard result == nil else { return false }
            result = value
            return true
        }
        if first { done.signal() }
    }

    func wait(timeout: DispatchTimeInterval) throws(SessionServer.StartFailure) -> Int {
        guard done.wait(timeout: .now() + timeout) == .success, let result = result.withLock({ $0 }) else {
            throw SessionServer.StartFailure("the server did not start within 10 s")
        }
        return try result.get()
    }
}
