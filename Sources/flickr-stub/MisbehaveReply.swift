/// The broken replies a hostile or buggy server sends, as raw bytes no HTTP library would
/// write. The first path segment of the request picks one: `/chunk-negative/services/rest/`.
enum MisbehaveReply: String, CaseIterable, Sendable {
    case contentLengthNegative = "content-length-negative"
    case contentLengthHuge = "content-length-huge"
    case chunkNegative = "chunk-negative"
    case chunkHuge = "chunk-huge"
    case notHTTP = "not-http"
    case redirectMetadata = "redirect-metadata"
    case stall

    /// The bytes sent back; nil for none at all (the connection stays open).
    var bytes: String? {
        let json = "Content-Type: application/json\r\n"
        switch self {
        case .contentLengthNegative: return "HTTP/1.1 200 OK\r\n\(json)Content-Length: -1\r\n\r\n{\"stat\":\"ok\"}"
        case .contentLengthHuge:
            return "HTTP/1.1 200 OK\r\n\(json)Content-Length: 99999999999999999999999\r\n\r\n{\"stat\":\"ok\"}"
        case .chunkNegative:
            return "HTTP/1.1 200 OK\r\n\(json)Transfer-Encoding: chunked\r\n\r\n-5\r\n{\"st\r\n0\r\n\r\n"
        case .chunkHuge:
            return "HTTP/1.1 200 OK\r\n\(json)Transfer-Encoding: chunked\r\n\r\n7fffffffffffffff\r\n{\"stat\":\"ok\"}"
        case .notHTTP: return "SSH-2.0-OpenSSH_9.2\r\n"
        case .redirectMetadata:
            return "HTTP/1.1 301 Moved Permanently\r\nLocation: http://169.254.169.254/latest/meta-data/\r\n"
                + "Content-Length: 0\r\n\r\n"
        case .stall: return nil
        }
    }
}
