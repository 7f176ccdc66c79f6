import NIOCore
import Synchronization

/// Notes when a client closes its side of a connection, so a delayed or stalled answer can
/// stop waiting: that is how the stub sees a request the client cancelled.
final class HangupWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private static let closed = Mutex(Set<ObjectIdentifier>())

    /// True once the client behind `channel` has hung up (or the connection is gone).
    static func hungUp(_ channel: any Channel) -> Bool {
        !channel.isActive || closed.withLock { $0.contains(ObjectIdentifier(channel)) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            let id = ObjectIdentifier(context.channel)
            Self.closed.withLock { _ = $0.insert(id) }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        let id = ObjectIdentifier(context.channel)
        Self.closed.withLock { _ = $0.remove(id) }
        context.fireChannelInactive()
    }

    /// Waits `milliseconds` (forever when nil); true if the client hung up meanwhile.
    static func waitUnlessClosed(_ channel: any Channel, milliseconds: Int?) async -> Bool {
        let deadline = milliseconds.map { ContinuousClock.now + .milliseconds($0) }
        while true {
            if hungUp(channel) { return true }
            let left = deadline.map { $0 - ContinuousClock.now } ?? .milliseconds(20)
            if left <= .zero { return false }
            try? await Task.sleep(for: min(left, .milliseconds(20)))
        }
    }
}
