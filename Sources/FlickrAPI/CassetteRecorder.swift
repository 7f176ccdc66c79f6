import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A transport that passes every request to `inner` and appends the exchange to a cassette,
/// with the key taken out of everything it writes.
public final class CassetteRecorder: HTTPTransport {
    private let inner: any HTTPTransport
    private let redaction: KeyRedaction
    private let origin = ContinuousClock.now
    private let file: Mutex<FileHandle>

    /// Opens `path` for a new cassette: a file that does not exist yet, or an earlier cassette
    /// (it starts with `CassetteEntry.header`). Throws a line for the user otherwise.
    public init(path: String, apiKey: String, inner: any HTTPTransport) throws(CassetteError) {
        self.inner = inner
        redaction = KeyRedaction(apiKey)
        var fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0, errno == EEXIST {
            let first = (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").first
            guard first.map(String.init) == CassetteEntry.header else {
                throw CassetteError("will not write the cassette \(path): it exists and is not a vmsh cassette")
            }
            fd = open(path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
        }
        guard fd >= 0 else {
            throw CassetteError("cannot write the cassette \(path): \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        handle.write(Data((CassetteEntry.header + "\n").utf8))
        file = Mutex(handle)
    }

    public func get(_ url: URL, completion: @escaping @Sendable (Result<HTTPReply, FlickrError>) -> Void)
        -> any HTTPCancellable
    {
        let started = milliseconds()
        return inner.get(url) { [self] result in
            var entry = CassetteEntry(
                request: redaction.redact(CassetteEntry.requestKey(url), with: FlickrRequest.redactedKey),
                path: url.path, startedMS: started, endedMS: milliseconds())
            switch result {
            case .success(let reply):
                entry.status = reply.status
                entry.contentType = reply.contentType
                entry.body = redaction.redact(
                    String(decoding: reply.body, as: UTF8.self), with: FlickrRequest.redactedKey)
            case .failure(let error):
                entry.error = redaction.redact(error.reason(host: "the server"), with: FlickrRequest.redactedKey)
            }
            append(entry)
            completion(result)
        }
    }

    private func milliseconds() -> Int { Int((ContinuousClock.now - origin) / .milliseconds(1)) }

    private func append(_ entry: CassetteEntry) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let line = try? encoder.encode(entry) else { return }
        file.withLock { $0.write(line + Data("\n".utf8)) }
    }
}

/// A cassette that cannot be read or written, in one line for the user.
public struct CassetteError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
