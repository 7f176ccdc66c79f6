import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// Gathers one reply for `HTTPClientTransport`: status, content type and a body of at most
/// `limit` bytes. It remembers whether the head arrived, so a connection lost after it reads as
/// a reply cut short.
final class ReplyCollector: HTTPClientResponseDelegate, Sendable {
    typealias Response = HTTPReply

    struct TooLarge: Error {}

    private struct State {
        var status = 0
        var contentType: String?
        var body: [UInt8] = []
        var headReceived = false
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) { self.limit = limit }

    var headReceived: Bool { state.withLock { $0.headReceived } }

    func didReceiveHead(task: HTTPClient.Task<HTTPReply>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        // The parser has checked Content-Length is a number; a promise of too much is refused before it arrives.
        if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
            return task.eventLoop.makeFailedFuture(TooLarge())
        }
        state.withLock { state in
            state.status = Int(head.status.code)
            state.contentType = head.headers.first(name: "Content-Type")
            state.headReceived = true
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<HTTPReply>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let fits = state.withLock { state in
            guard state.body.count + buffer.readableBytes <= limit else { return false }
            state.body += buffer.readableBytesView
            return true
        }
        return fits ? task.eventLoop.makeSucceededVoidFuture() : task.eventLoop.makeFailedFuture(TooLarge())
    }

    func didFinishRequest(task: HTTPClient.Task<HTTPReply>) throws -> HTTPReply {
        state.withLock { HTTPReply(status: $0.status, contentType: $0.contentType, body: Data($0.body)) }
    }
}
