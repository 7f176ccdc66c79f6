import Foundation

/// One HTTP exchange of a cassette (`vmsh --record`), a JSON line: the call without the key,
/// what came back, and when it started and ended (milliseconds from the session's start).
public struct CassetteEntry: Codable, Equatable, Sendable {
    /// "method=flickr.photos.search&text=sunset&...": the query with api_key, format and
    /// nojsoncallback left out, in the order sent. Replay matches on it.
    public var request: String
    public var path: String
    public var status: Int?
    public var contentType: String?
    public var body: String?
    /// The failure in words, when there was no reply.
    public var error: String?
    public var startedMS: Int
    public var endedMS: Int

    enum CodingKeys: String, CodingKey {
        case request, path, status, body, error
        case contentType = "content_type"
        case startedMS = "started_ms"
        case endedMS = "ended_ms"
    }

    /// The first line of every cassette: vmsh writes over no file without it.
    public static let header = #"{"vmsh_cassette":1}"#

    /// The part of `url` that names the call: its query without the key and the fixed parameters.
    public static func requestKey(_ url: URL) -> String {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQueryItems ?? []
        let skipped: Set<String> = ["api_key", "format", "nojsoncallback"]
        return items.filter { !skipped.contains($0.name) }.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
    }

    /// The reply (or failure) this entry recorded.
    var outcome: Result<HTTPReply, FlickrError> {
        if let status {
            return .success(HTTPReply(status: status, contentType: contentType, body: Data((body ?? "").utf8)))
        }
        return .failure(.transport(error ?? "the recorded call failed"))
    }

    /// The recorded times come from a file anyone can write: their difference may overflow, run
    /// backwards or span years, so it is taken without trapping and kept within a day.
    var duration: Duration {
        let day = 86_400_000
        let (elapsed, overflow) = endedMS.subtractingReportingOverflow(startedMS)
        if overflow { return .milliseconds(endedMS > startedMS ? day : 0) }
        return .milliseconds(min(day, max(0, elapsed)))
    }
}
