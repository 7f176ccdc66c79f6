import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure of AsyncHTTPClient or SwiftNIO in words of our own: their descriptions may hold
/// the URL, hence the key, so none of their text is passed on.
enum HTTPFailure {
    /// `headReceived`: the status line and headers had arrived, so a lost connection cut the reply short.
    static func flickrError(_ error: any Error, timeout: Double, headReceived: Bool = false) -> FlickrError {
        let mapped = map(error, timeout: timeout)
        return headReceived && mapped == .connectionLost ? .malformed("the reply was cut short") : mapped
    }

    private static func map(_ error: any Error, timeout: Double) -> FlickrError {
        switch error {
        case let error as HTTPClientError: return clientError(error, timeout: timeout)
        case HTTPParserError.invalidEOFState: return .malformed("the reply was cut short")
        case is HTTPParserError: return .malformed("not a valid HTTP reply")
        case is ReplyCollector.TooLarge:
            return .malformed("the reply is larger than \(HTTPClientTransport.maxBodyBytes >> 20) MiB")
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError: return .transport("the secure connection failed")
        case let error as NIOConnectionError:
            if error.connectionErrors.isEmpty { return .cannotFindHost }
            let refused = error.connectionErrors.allSatisfy { ($0.error as? IOError)?.errnoCode == ECONNREFUSED }
            return refused ? .cannotConnect : .transport("the connection failed")
        case let error as IOError: return ioError(error.errnoCode)
        case let error as ChannelError: return channelError(error, timeout: timeout)
        default: return .transport("the request failed")
        }
    }

    private static func clientError(_ error: HTTPClientError, timeout: Double) -> FlickrError {
        switch error {
        case .readTimeout, .connectTimeout, .deadlineExceeded, .tlsHandshakeTimeout, .writeTimeout:
            return .timedOut(seconds: timeout)
        case .remoteConnectionClosed: return .connectionLost
        case .cancelled: return .transport("cancelled")
        case .bodyLengthMismatch, .contentLengthMissing, .identityCodingIncorrectlyPresent:
            return .malformed("not a valid HTTP reply")
        case .uncleanShutdown: return .connectionLost
        case .invalidURL, .emptyHost, .emptyScheme: return .transport("not a valid URL")
        default: return .transport("the request failed")
        }
    }

    private static func ioError(_ code: Int32) -> FlickrError {
        switch code {
        case ECONNREFUSED: .cannotConnect
        case ECONNRESET, EPIPE: .connectionLost
        case ETIMEDOUT: .transport("the connection timed out")
        default: .transport("the connection failed")
        }
    }

    private static func channelError(_ error: ChannelError, timeout: Double) -> FlickrError {
        switch error {
        case .connectTimeout: .timedOut(seconds: timeout)
        case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed: .connectionLost
        default: .transport("the connection failed")
        }
    }
}
