import Dispatch
import Glibc
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import SessionWire
import Synchronization

/// The session served to students' browsers: the page at `/` and its live feed at `/follow` (a
/// WebSocket), both behind the token, on Hummingbird. The teacher's thread only `publish`es into
/// the history; NIO's threads write to the browsers.
public final class SessionServer: Sendable {
    /// The token every request must carry (`?token=`).
    public let token: String
    /// The second token, the teacher's own: it opens the same page with the teacher's controls.
    public let teacherToken: String
    let limits: ServeLimits
    private let history: SessionHistory
    /// The open question's answers, as the students' pages send them, and the teacher's controls.
    private let desk = AnswerDesk()
    /// The id each page's connection was given: who answers, and whose fork a line runs in.
    private let voters = Voters()
    /// Each page's recent openings of the feed, and each address's connections that ended, so a
    /// page in a loop is refused, whether it gives its id or not.
    private let rejoins: Rejoins
    private let leaves: Rejoins
    private let running = Mutex<Running?>(nil)

    /// A server that has started: its services, and the socket it listens on.
    private struct Running: Sendable {
        let group: ServiceGroup
        let listener: any Channel
    }

    /// A server whose pages need `token` (`makeToken()`): one token for a whole vmsh process, so
    /// a page that lost the server follows again when the teacher serves again at that address.
    public init(token: String, teacherToken: String = SessionServer.makeToken(), limits: ServeLimits) {
        self.token = token
        self.teacherToken = teacherToken
        self.limits = limits
        history = SessionHistory(limits: limits)
        rejoins = Rejoins(most: limits.rejoins, window: limits.rejoinWindow)
        leaves = Rejoins(most: limits.leaves, window: limits.rejoinWindow)
    }

    /// A new random token, 128 bits as hex.
    public static func makeToken() -> String { AccessToken.make() }

    /// Starts listening at `host`:`port` (0: any free port) and waits until it does; the port.
    public func start(host: String, port: Int) throws(StartFailure) -> Int {
        let budget = ConnectionBudget(files: Self.openAsManyFilesAsAllowed())
        let started = ServerStart()
        let hosts = ServedHosts(given: host)
        let feed = feedRouter(hosts).buildResponder()
        let (idle, goodbye) = (TimeAmount(limits.idle), limits.goodbye)
        let server = HTTPServerBuilder { responder in
            GuardedChannel(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: feed,
                    configuration: .init(
                        // A connection that never upgrades (the page's own request) is closed once idle.
                        http1: .init(idleTimeout: idle), ws: .init(closeTimeout: goodbye))),
                budget: budget, idle: idle)
        }
        let app = Application(
            router: pageRouter(hosts),
            server: server,
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { listener in started.succeed(listener) },
            eventLoopGroupProvider: .singleton,
            logger: Self.quiet)
        let group = ServiceGroup(services: [app], logger: Self.quiet)
        Self.yieldToTheTeacher()
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
        }
        let listener: any Channel
        do {
            listener = try started.wait(timeout: .seconds(10))
        } catch {
            history.stop()
            Task.detached { await group.triggerGracefulShutdown() }
            throw error
        }
        let history = self.history
        Task.detached { await history.ring() }
        running.withLock { $0 = Running(group: group, listener: listener) }
        return listener.localAddress?.port ?? port
    }

    /// Hands one message to every student: returns at once, whatever the browsers do. A
    /// `lasting` one (the clock) is given first to every student who joins later.
    public func publish(_ message: FeedMessage, lasting: Bool = false) {
        history.publish(message.json, lasting: lasting ? message.standing : nil)
    }

    /// Stops listening (the port is free when it returns) and tells every page the teacher
    /// stopped; on another thread, once each page has taken its goodbye or `ServeLimits.goodbye` has
    /// passed, cuts off those that did not (a browser that stopped reading). The teacher's thread
    /// waits for no browser, unless `atExit`: then it lets the pages hear it first, for at most
    /// `ServeLimits.goodbye`, since the process ends right after.
    public func stop(atExit: Bool = false) {
        guard let running = running.withLock({ $0.take() }) else { return }
        // Closing a listening socket waits for NIO's thread only, never for a browser.
        try? running.listener.close().wait()
        history.stop()
        let (history, goodbye) = (self.history, limits.goodbye)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await history.everyoneLeft(within: goodbye)
            history.cutOffTheRest()
            done.signal()
            await running.group.triggerGracefulShutdown()
        }
        if atExit { _ = done.wait(timeout: .now() + .milliseconds(Int(goodbye / .milliseconds(1)) + 500)) }
    }

    /// Opens question `number` for answers, forgetting the last one's; nil closes it (its answers
    /// stay to read). An answer with no question open is refused, and so is one that is none of
    /// a choice question's `choices`.
    public func openQuestion(_ number: Int?, choices: [String] = []) { desk.open(number, choices: choices) }

    /// The open (or last closed) question's answers, one per student, the latest each sent.
    public var answers: [ClassAnswer] { desk.answers }

    /// What runs a control from the teacher's page, on a NIO thread: the shell posts it to its own.
    public func onControl(_ handler: @escaping @Sendable (String) -> Void) { desk.onControl(handler) }

    /// What runs a line a student sends its fork, on a NIO thread: the shell posts it to its own
    /// and answers with what it printed.
    public func onFork(
        _ handler:
            @escaping @Sendable (_ line: String, _ who: String, _ reply: @escaping @Sendable ([String]) -> Void)
            -> Void
    ) { desk.onFork(handler) }

    /// The students following now, and those dropped for falling behind.
    public var students: (following: Int, dropped: Int) { history.students }

    /// The page, behind the gate, or 503 when the class is full; `/follow` without an upgrade
    /// says what it is for.
    private func pageRouter(_ hosts: ServedHosts) -> Router<ServeContext> {
        let router = Router(context: ServeContext.self)
        let (history, most) = (self.history, limits.students)
        let teacherToken = self.teacherToken
        router.add(middleware: ServeGate(tokens: [token, teacherToken], hosts: hosts))
        router.get("/") { request, _ in
            let teacher = AccessToken.matches(request.uri.queryParameters["token"], teacherToken)
            guard teacher || !history.isFull else {
                return ServeGate<ServeContext>.refusal(
                    .serviceUnavailable, "This class is full: \(most) students follow already. Try again later.")
            }
            return FollowPage.response(teacher: teacher)
        }
        router.get("/follow") { _, _ in
            ServeGate<ServeContext>.refusal(.badRequest, "This is the page's live feed: a WebSocket.")
        }
        return router
    }

    /// The WebSocket upgrade at `/follow`, with the token, from this server's own page (a browser
    /// names the page's origin; another site's page may not follow); any other request goes on to
    /// the page's router.
    private func feedRouter(_ hosts: ServedHosts) -> Router<ServeContext> {
        let router = Router(context: ServeContext.self)
        let (token, teacherToken) = (self.token, self.teacherToken)
        let (history, desk, voters, rejoins, leaves) = (self.history, self.desk, self.voters, self.rejoins, self.leaves)
        router.ws("/follow") { request, context in
            let given = request.uri.queryParameters["token"]
            // A page that gives its id back is counted by it; one that gives none, by its address.
            let voter = voters.known(request.uri.queryParameters["voter"])
            let address = context.channel.remoteAddress?.ipAddress
            // Counted last: only a page that would otherwise be let in has opened the feed again.
            return (AccessToken.matches(given, token) || AccessToken.matches(given, teacherToken))
                && hosts.allows(request.head.authority) && Self.isFromThePage(request)
                && (voter.map { rejoins.allows($0) } ?? leaves.isUnder(address))
                ? .upgrade([:]) : .dontUpgrade
        } onUpgrade: { inbound, outbound, context in
            let query = context.request.uri.queryParameters
            let channel = context.requestContext.channel
            let student = Student(
                history: history, channel: channel, desk: desk,
                teacher: AccessToken.matches(query["token"], teacherToken),
                voter: voters.voter(presenting: query["voter"]))
            let address = channel.remoteAddress?.ipAddress
            defer { leaves.note(address) }
            try await student.follow(inbound, outbound)
        }
        return router
    }

    /// True when the request names no origin (not a browser's) or this server's own: the Origin
    /// a browser sends is the page's scheme and host, which must be the host it asks.
    static func isFromThePage(_ request: Request) -> Bool {
        guard let origin = request.headers[.origin] else { return true }
        guard let host = request.head.authority else { return false }
        return origin == "http://" + host
    }

    /// Each student is a connection, a file: the soft limit (often 1,024) raised to the hard one,
    /// so a full class leaves vmsh its own files; returns the files the process may open.
    static func openAsManyFilesAsAllowed() -> Int {
        var limit = rlimit()
        guard getrlimit(Self.openFiles, &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Self.openFiles, &raised) == 0 { limit = raised }
        }
        // RLIM_INFINITY, or more than a server could use: a number that fits.
        return Int(min(limit.rlim_cur, 1 << 20))
    }

    private static let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)

    /// NIO's threads, which write to every student, run at a lower priority than the teacher's:
    /// on two cores a class of 1,000 would otherwise keep the teacher's next line waiting for a
    /// core. On Linux a priority is a thread's own, and `who` 0 names the calling thread.
    static func yieldToTheTeacher() {
        for loop in MultiThreadedEventLoopGroup.singleton.makeIterator() { loop.execute { lowerThisThread() } }
    }

    /// The calling thread at the server's priority: also each thread of Swift's pool that runs a
    /// student's work (`Student.follow`), as it does.
    static func lowerThisThread() { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }

    /// Nothing from the server reaches the teacher's terminal.
    private static let quiet: Logger = {
        var logger = Logger(label: "vmsh-serve")
        logger.logLevel = .critical
        return logger
    }()
}
