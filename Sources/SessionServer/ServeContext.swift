import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// A request's context: Hummingbird's, the WebSocket upgrade's, and the connection, so a student
/// that falls too far behind can be cut off while its write waits.
struct ServeContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<ServeContext>
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}
