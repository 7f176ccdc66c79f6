#if Serve
    import Classroom
    import Glibc
    import SessionServer
    import SessionWire
    import Shell

    /// The shell's view of a `SessionServer`: start, publish, stop, who follows.
    @MainActor
    final class ServedSession: SessionServing, ClassServing {
        /// One token for the process: `serve off` then `serve on` keeps every student's address.
        private static let token = SessionServer.makeToken()
        private static let teacherToken = SessionServer.makeToken()
        private let server: SessionServer

        init(limits: ServeLimits) {
            server = SessionServer(token: Self.token, teacherToken: Self.teacherToken, limits: limits)
        }

        func start(at address: ServeAddress) throws(CommandFailure) -> ServedAt {
            do throws(SessionServer.StartFailure) {
                let port = try server.start(host: address.host, port: address.port)
                let bound = ServeAddress(host: address.host, port: port)
                let pages = Self.reachable(bound).map { "http://\($0)/" }
                return ServedAt(address: bound, pages: pages, token: server.token, teacherToken: server.teacherToken)
            } catch {
                throw CommandFailure("cannot serve on \(address): \(error.message)")
            }
        }

        func publish(_ message: FeedMessage, lasting: Bool) { server.publish(message, lasting: lasting) }
        func stop(atExit: Bool) { server.stop(atExit: atExit) }
        var students: (following: Int, dropped: Int) { server.students }
        func openQuestion(_ number: Int?, choices: [String]) { server.openQuestion(number, choices: choices) }
        var answers: [ClassAnswer] { server.answers }
        func onControl(_ run: @escaping @Sendable (String) -> Void) { server.onControl(run) }
        func onFork(_ run: @escaping @Sendable (String, String, @escaping @Sendable ([String]) -> Void) -> Void) {
            server.onFork(run)
        }

        /// The addresses a browser can open: `address` itself, or for `0.0.0.0` (`::`) each of
        /// the machine's own of that family, the network's first (a student cannot open 0.0.0.0).
        static func reachable(_ address: ServeAddress) -> [ServeAddress] {
            guard address.host == "0.0.0.0" || address.host == "::" else { return [address] }
            let family = address.host == "::" ? AF_INET6 : AF_INET
            let own = interfaceAddresses(family: family).map { ServeAddress(host: $0, port: address.port) }
            let network = own.filter { !$0.isLoopback && !$0.host.hasPrefix("fe80:") }
            return network.isEmpty
                ? [ServeAddress(host: family == AF_INET ? "127.0.0.1" : "::1", port: address.port)]
                : network
        }

        /// The numeric addresses of the machine's interfaces that are up, of one family.
        static func interfaceAddresses(family: Int32) -> [String] {
            var first: UnsafeMutablePointer<ifaddrs>?
            guard getifaddrs(&first) == 0 else { return [] }
            defer { freeifaddrs(first) }
            var found: [String] = []
            var next = first
            while let entry = next?.pointee {
                next = entry.ifa_next
                guard entry.ifa_flags & UInt32(IFF_UP) != 0, let socket = entry.ifa_addr,
                    Int32(socket.pointee.sa_family) == family
                else { continue }
                var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
                let size = socklen_t(
                    family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
                guard getnameinfo(socket, size, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else {
                    continue
                }
                let name = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !found.contains(name) { found.append(name) }
            }
            return found
        }
    }
#endif
