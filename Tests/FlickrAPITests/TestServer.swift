import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// The tests' own HTTP server on 127.0.0.1, over plain TCP or TLS: it answers each request head
/// with the raw bytes `respond` returns (none at all when nil: a stalled server), and counts
/// connections, requests and clients that hung up.
final class TestServer: Sendable {
    struct Counts: Sendable {
        var connections = 0
        var requests: [String] = []
        var hangUps = 0
        var open = 0
        var peakOpen = 0
    }

    typealias Respond = @Sendable (_ requestLine: String) -> String?

    /// The counts, shared by the server's connections.
    final class Box: Sendable {
        let counts = Mutex(Counts())
    }

    let port: Int
    let tls: Bool
    private let channel: any Channel
    private let box: Box

    init(tls: Bool, respond: @escaping Respond) throws {
        let box = Box()
        let context = try tls ? TestCertificate.shared.serverContext() : nil
        channel = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let context {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    }
                    try channel.pipeline.syncOperations.addHandler(TestServerHandler(box: box, respond: respond))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .wait()
        port = channel.localAddress?.port ?? 0
        self.tls = tls
        self.box = box
    }

    deinit { channel.close(promise: nil) }

    var snapshot: Counts { box.counts.withLock { $0 } }

    var endpoint: URL { URL(string: "\(tls ? "https" : "http")://127.0.0.1:\(port)/services/rest/")! }

    /// Waits up to `limit` for `condition` of the counts.
    func wait(limit: Duration = .seconds(5), until condition: (Counts) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition(snapshot) {
            if ContinuousClock.now > deadline { return false }
            usleep(10_000)
        }
        return true
    }

    static func http(
        _ status: Int, _ reason: String, type: String = "application/json", _ body: String,
        extra: String = ""
    ) -> String {
        "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n"
            + "\(extra)\r\n\(body)"
    }
}

private final class TestServerHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let box: TestServer.Box
    private let respond: TestServer.Respond
    private var pending: [UInt8] = []

    init(box: TestServer.Box, respond: @escaping TestServer.Respond) {
        self.box = box
        self.respond = respond
    }

    func channelActive(context: ChannelHandlerContext) {
        box.counts.withLock { counts in
            counts.connections += 1
            counts.open += 1
            counts.peakOpen = max(counts.peakOpen, counts.open)
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        box.counts.withLock { counts in
            counts.hangUps += 1
            counts.open -= 1
        }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        pending += Self.unwrapInboundIn(data).readableBytesView
        while let end = pending.firstRange(of: Array("\r\n\r\n".utf8)) {
            let head = String(decoding: pending[..<end.lowerBound], as: UTF8.self)
            pending.removeSubrange(..<end.upperBound)
            let line = head.components(separatedBy: "\r\n").first ?? ""
            box.counts.withLock { $0.requests.append(line) }
            guard let reply = respond(line) else { continue }
            context.writeAndFlush(Self.wrapOutboundOut(context.channel.allocator.buffer(string: reply)), promise: nil)
            if reply.lowercased().contains("connection: close") { context.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { context.close(promise: nil) }
}
