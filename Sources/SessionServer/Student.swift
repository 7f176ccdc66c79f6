import Glibc
import HummingbirdWebSocket
import NIOCore
import SessionWire

/// One student's page, following over its WebSocket: the history from the oldest message kept,
/// then each message as it comes, several to a frame (one JSON object a line). The page sends
/// only answers to the open question (the teacher's page, controls too), each judged by the
/// `AnswerDesk`; a page that floods or sends anything malformed is closed, and no one else notices.
struct Student {
    let history: SessionHistory
    let channel: any Channel
    let desk: AnswerDesk
    /// True for the page opened with the teacher's token: its controls go to the shell.
    let teacher: Bool
    /// The id the server gave this connection (`Voters`): its answers and its fork are this one's.
    let voter: String

    /// The kernel's send buffer for one student, fixed: left to grow, it would take megabytes of a
    /// lesson for a browser that reads nothing, and the history would never see it fall behind.
    static let sendBuffer = 64 << 10

    func follow(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter) async throws {
        SessionServer.lowerThisThread()
        try await channel.setOption(ChannelOptions.socketOption(.so_sndbuf), value: Self.sendBuffer).get()
        let channel = self.channel
        guard let joined = history.join(teacher: teacher, drop: { Self.cutOff(channel) }) else {
            // 1013, WebSocket's "try again later": the class is full (`ServeLimits.students`).
            try await outbound.close(.unknown(1013), reason: "the class is full; this page tries again")
            return
        }
        // Gone once the connection is: after the closing handshake the library finishes once this
        // returns, so a process that ends when everyone left never resets a page mid-goodbye.
        channel.closeFuture.whenComplete { [history] _ in history.leave(joined.student) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // Read, so closes and pongs are answered, and answers taken.
                try await listen(inbound, outbound)
            }
            group.addTask { try await send(joined, outbound) }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Takes the page's frames: each within the size and the rate, one whole text frame of JSON,
    /// answered with `received` or `refused`; a page past any of that is closed.
    private func listen(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter) async throws {
        let limits = history.limits
        var budget = SendBudget(limits)
        for try await frame in inbound {
            guard budget.allows() else {
                return try await outbound.close(.policyViolation, reason: "too many frames: this page is closed")
            }
            guard frame.data.readableBytes <= limits.answerBytes else {
                return try await outbound.close(
                    .messageTooLarge, reason: "an answer is at most \(limits.answerBytes) bytes")
            }
            guard frame.opcode == .text, frame.fin else {
                return try await outbound.close(.unacceptableData, reason: "this page sends only answers, as text")
            }
            switch desk.take(String(buffer: frame.data), from: voter, teacher: teacher) {
            case .counted(let number): try await outbound.write(.text(FeedMessage.received(number: number).json))
            case .refused(let why): try await outbound.write(.text(FeedMessage.refused(why).json))
            case .control(let line): desk.runControl(line)
            case .fork(let line, let who):
                let lines = await desk.runFork(line, who: who)
                try await outbound.write(.text(FeedMessage.forked(line: line, lines: lines).json))
            case .drop(let why): return try await outbound.close(.policyViolation, reason: why)
            }
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
        // Its id first, so a page that follows again is the same student.
        var first = [FeedMessage.voter(voter).json]
        if joined.missed > 0 { first.append(FeedMessage.missed(count: joined.missed).json) }
        // How the clock runs and the class's latest question, however long ago they were said:
        // what follows may say them again.
        first += joined.lasting
        try await outbound.write(.text(first.joined(separator: "\n")))
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
