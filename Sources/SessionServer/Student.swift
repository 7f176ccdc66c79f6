import Glibc
import HummingbirdWebSocket
import NIOCore
import SessionWire

/// One student's page, following over its WebSocket: the history from the oldest message kept,
/// then each message as it comes, several to a frame (one JSON object a line). The page sends
/// nothing; a page that does is closed.
struct Student {
    let history: SessionHistory
    let channel: any Channel

    /// The kernel's send buffer for one student, fixed: left to grow, it would take megabytes of a
    /// lesson for a browser that reads nothing, and the history would never see it fall behind.
    static let sendBuffer = 64 << 10

    func follow(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter) async throws {
        try await channel.setOption(ChannelOptions.socketOption(.so_sndbuf), value: Self.sendBuffer).get()
        let channel = self.channel
        guard let joined = history.join(drop: { Self.cutOff(channel) }) else {
            // 1013, WebSocket's "try again later": the class is full (`ServeLimits.students`).
            try await outbound.close(.unknown(1013), reason: "the class is full; this page tries again")
            return
        }
        // Gone once the connection is: after the closing handshake the library finishes once this
        // returns, so a process that ends when everyone left never resets a page mid-goodbye.
        channel.closeFuture.whenComplete { [history] _ in history.leave(joined.student) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // Read, so closes and pongs are answered; a data frame is not the page's to send.
                for try await _ in inbound {
                    try await outbound.close(.policyViolation, reason: "this page only follows")
                    return
                }
            }
            group.addTask { try await send(joined, outbound) }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Closes a student's connection at once, what its socket still holds thrown away (a reset):
    /// its writes wait on a full socket, so no close frame would get through, and a closing that
    /// waited for the browser to read would keep the kernel's buffer for it.
    static func cutOff(_ channel: any Channel) {
        guard let socket = channel as? any SocketOptionProvider else { return channel.close(promise: nil) }
        socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
    }

    private func send(_ joined: SessionHistory.Joined, _ outbound: WebSocketOutboundWriter) async throws {
        var first: [String] = []
        if joined.missed > 0 { first.append(FeedMessage.missed(count: joined.missed).json) }
        // How the clock runs, however long ago it was said: what follows may say it again.
        if let lasting = joined.lasting { first.append(lasting) }
        if !first.isEmpty { try await outbound.write(.text(first.joined(separator: "\n"))) }
        while true {
            switch await history.next(for: joined.student) {
            case .messages(let messages):
                try await outbound.write(.text(messages.joined(separator: "\n")))
            case .ended(.stopped):
                // A page that reads gets the reason; one that does not is cut off (SessionServer.stop).
                try await outbound.close(.goingAway, reason: "the teacher stopped serving")
                return
            case .ended(.dropped):
                Self.cutOff(channel)
                return
            case .ended(.left):
                return
            }
        }
    }
}
