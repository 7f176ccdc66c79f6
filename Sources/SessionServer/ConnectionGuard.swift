import Glibc
import HummingbirdCore
import Logging
import NIOCore
import Synchronization

/// How many connections the server holds at once: fewer than the process may open files, so
/// the session's own files (the catalog, the state database, a `save`) always have descriptors
/// left, and the listener never meets the limit (where accepting fails again and again, a core
/// spinning). One past it is closed as soon as it is accepted.
final class ConnectionBudget: Sendable {
    let most: Int
    private let open = Atomic<Int>(0)

    init(most: Int) { self.most = most }

    /// The budget of a process that may open `files` descriptors: a quarter of them, at least
    /// 64, stay the session's.
    convenience init(files: Int) { self.init(most: max(8, files - max(64, files / 4))) }

    /// Counts one more connection; false (and not counted) when the budget is spent.
    func admit() -> Bool {
        if open.add(1, ordering: .relaxed).newValue <= most { return true }
        release()
        return false
    }

    func release() { open.subtract(1, ordering: .relaxed) }

    /// The connections open now.
    var count: Int { open.load(ordering: .relaxed) }
}

/// The first handler of every connection: closes one whose first request has not sent all its
/// headers within `idle` (a silent connection, or one that sent half of them), which
/// Hummingbird's own idle timeout, counted from a request, never closes. Once the headers are in,
/// it only passes bytes on.
final class HeadersDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let idle: TimeAmount
    private var deadline: Scheduled<Void>?
    /// The last bytes read, so an end of headers split between two reads is found.
    private var tail: [UInt8] = []
    private var headersEnded = false

    init(idle: TimeAmount) { self.idle = idle }

    func handlerAdded(context: ChannelHandlerContext) { arm(context) }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !headersEnded {
            tail += unwrapInboundIn(data).readableBytesView
            if Self.holdsEndOfHeaders(tail) {
                headersEnded = true
                deadline?.cancel()
                deadline = nil
            }
            tail = Array(tail.suffix(3))
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { deadline?.cancel() }

    private func arm(_ context: ChannelHandlerContext) {
        guard deadline == nil, !headersEnded else { return }
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: idle) { channel.close(promise: nil) }
    }

    /// True when `bytes` hold an empty line: CR LF CR LF (or LF LF, which NIO's parser takes too).
    static func holdsEndOfHeaders(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        for index in 1..<bytes.count where bytes[index] == 10 {
            if bytes[index - 1] == 10 { return true }
            if index >= 3, bytes[index - 1] == 13, bytes[index - 2] == 10, bytes[index - 3] == 13 { return true }
        }
        return false
    }
}

/// A server's child channel with the budget and the deadline before Hummingbird's own setup.
struct GuardedChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let budget: ConnectionBudget
    let idle: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        guard budget.admit() else {
            channel.close(promise: nil)
            return channel.eventLoop.makeFailedFuture(ChannelError.outputClosed)
        }
        let budget = self.budget
        channel.closeFuture.whenComplete { _ in budget.release() }
        do {
            try channel.pipeline.syncOperations.addHandler(HeadersDeadline(idle: idle), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return base.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async { await base.handle(value: value, logger: logger) }
}
