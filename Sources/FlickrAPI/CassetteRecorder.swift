import Foundation
import MarkedFiles
import Redaction
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A transport that passes every request to `inner` and appends the exchange to a cassette,
/// with the key taken out of everything it writes. The cassette is created whole with its header
/// (see `MarkedFile`) and then appended to; a write that fails ends the recording with one line
/// and the session goes on without it, as it does when the cassette reaches its limit (`sizeLimit`).
public final class CassetteRecorder: HTTPTransport {
    /// The most a cassette holds: `--replay` reads a cassette whole, so it stays a size that reads
    /// at once.
    public static let sizeLimit = 64 << 20

    private let inner: any HTTPTransport
    private let redaction: KeyRedaction
    private let origin = ContinuousClock.now
    private let shown: String
    private let report: @Sendable (String) -> Void
    private let limit: Int
    /// The open cassette and how many bytes it holds; nil once recording has ended.
    private let file: Mutex<(fd: Int32, size: Int)?>

    /// Opens `path` for a new cassette: a file that does not exist yet, or an earlier cassette
    /// (it starts with `CassetteEntry.header`, judged by that line alone). Throws a line for the
    /// user otherwise. `report` is told, in one line, when recording ends early.
    public init(
        path: String, apiKey: String, inner: any HTTPTransport,
        limit: Int = CassetteRecorder.sizeLimit,
        report: @escaping @Sendable (String) -> Void = CassetteRecorder.toStandardError
    ) throws(CassetteError) {
        self.limit = limit
        self.inner = inner
        self.report = report
        redaction = KeyRedaction(apiKey)
        shown = Self.shown(path)
        let header = Array((CassetteEntry.header + "\n").utf8)
        do throws(MarkedFileError) {
            let fd = try MarkedFile.create(header, at: path, mark: header, newMode: 0o600)
            file = Mutex((fd, header.count))
        } catch {
            switch error {
            case .notMarked:
                throw CassetteError("will not write the cassette \(shown): it exists and is not a vmsh cassette")
            case .failed(let reason, let earlierKept):
                let kept = earlierKept ? "; the earlier cassette is unchanged" : ""
                throw CassetteError("cannot write the cassette \(shown): \(reason)\(kept)")
            }
        }
    }

    deinit { file.withLock { if let open = $0 { close(open.fd) } } }

    public func get(_ url: URL, completion: @escaping @Sendable (Result<HTTPReply, FlickrError>) -> Void)
        -> any HTTPCancellable
    {
        let started = milliseconds()
        return inner.get(url) { [self] result in
            var entry = CassetteEntry(
                request: redacted(CassetteEntry.requestKey(url)),
                path: url.path, startedMS: started, endedMS: milliseconds())
            switch result {
            case .success(let reply):
                entry.status = reply.status
                entry.contentType = reply.contentType
                entry.body = redacted(String(decoding: reply.body, as: UTF8.self))
            case .failure(let error):
                entry.error = redacted(error.reason(host: "the server"))
            }
            append(entry)
            completion(result)
        }
    }

    /// The recorder's key and every secret the process holds taken out, in any encoding (a body
    /// is JSON, so also `\u0061`-escaped).
    private func redacted(_ text: String) -> String {
        redaction.redact(Secrets.redact(text), with: Secrets.replacement)
    }

    private func milliseconds() -> Int { Int((ContinuousClock.now - origin) / .milliseconds(1)) }

    private func append(_ entry: CassetteEntry) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let line = try? encoder.encode(entry) else { return }
        let bytes = Array(line) + [UInt8(ascii: "\n")]
        let ended: String? = file.withLock { open in
            guard let current = open else { return nil }
            let (fd, size) = current
            var failure: String?
            if size + bytes.count > limit {
                let mebibytes = limit % (1 << 20) == 0
                failure = "it reached its limit of " + (mebibytes ? "\(limit >> 20) MiB" : "\(limit) bytes")
            } else if let reason = MarkedFile.writeAll(bytes, to: fd) {
                failure = reason
            }
            guard let failure else {
                open = (fd, size + bytes.count)
                return nil
            }
            close(fd)
            open = nil
            return failure
        }
        if let ended {
            report("vmsh: recording to the cassette \(shown) ended: \(ended); the session goes on without it")
        }
    }

    /// A path as one printable line: each control character U+FFFD, as every line vmsh prints
    /// shows one.
    private static func shown(_ path: String) -> String {
        String(
            String.UnicodeScalarView(
                path.unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }))
    }

    /// Writes `line` to standard error without `FileHandle`, whose `write` traps on an error.
    public static let toStandardError: @Sendable (String) -> Void = { line in
        _ = MarkedFile.writeAll(Array((line + "\n").utf8), to: 2)
    }
}

/// A cassette that cannot be read or written, in one line for the user.
public struct CassetteError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
