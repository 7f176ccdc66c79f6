import NIOCore
import NIOPosix

/// A listener on 127.0.0.1 that reads one request head and answers it with a `MisbehaveReply`.
/// Requests under `/redirected/` are clients that followed one of the stub's redirects: counted,
/// and answered 410.
struct MisbehaveServer: Sendable {
    let channel: any Channel
    let port: Int

    static func start(state: StubState, group: any EventLoopGroup) async throws -> MisbehaveServer {
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(RawReplyHandler(state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return MisbehaveServer(channel: channel, port: channel.localAddress?.port ?? 0)
    }
}

/// Collects a request head (at most 16 KiB), then writes the raw reply its path asks for.
private final class RawReplyHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let state: StubState
    private var head: [UInt8] = []
    private var answered = false

    init(state: StubState) { self.state = state }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        head += Self.unwrapInboundIn(data).readableBytesView
        guard let end = head.firstRange(of: Array("\r\n\r\n".utf8)) else {
            if head.count > 16_384 { context.close(promise: nil) }
            return
        }
        answered = true
        state.touch()
        let line = String(decoding: head[..<end.lowerBound], as: UTF8.self).split(separator: "\r\n").first ?? ""
        let path = line.split(separator: " ").dropFirst().first ?? ""
        let segment = path.split(separator: "/").first.map(String.init) ?? ""
        let text: String?
        if segment == "redirected" {
            state.countRedirectFollowed()
            text = "HTTP/1.1 410 Gone\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        } else {
            text =
                MisbehaveReply(rawValue: segment).map(\.bytes)
                ?? "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        }
        guard let text else { return }  // stall: say nothing, keep the connection open
        let buffer = context.channel.allocator.buffer(string: text)
        context.writeAndFlush(Self.wrapOutboundOut(buffer)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
