import Foundation

/// A complete HTTP reply, as the transport hands it over.
public struct HTTPReply: Sendable {
    public var status: Int
    public var contentType: String?
    public var body: Data

    public init(status: Int, contentType: String? = "application/json", body: Data) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }
}

/// Turns a reply into a payload or a `FlickrError`, in the order the failures can happen:
/// HTTP status, JSONP wrapper, not JSON at all, broken JSON, `stat: fail`, missing fields.
enum FlickrDecoding {
    static func decode<Payload: Decodable>(_ type: Payload.Type, from reply: HTTPReply) throws(FlickrError) -> Payload {
        guard (200..<300).contains(reply.status) else { throw .http(status: reply.status) }
        let json = unwrapJSONP(trimmed(reply.body))
        guard json.first == UInt8(ascii: "{") else {
            throw .notJSON(contentType: reply.contentType, bytes: reply.body.count)
        }
        let decoder = JSONDecoder()
        let envelope: Envelope
        do {
            envelope = try decoder.decode(Envelope.self, from: json)
        } catch {
            throw .malformed(describe(error))
        }
        switch envelope.stat {
        case "ok":
            break
        case "fail":
            throw .api(code: envelope.code?.value ?? 0, message: envelope.message ?? "unknown error")
        default:
            throw .malformed("no \"stat\" field")
        }
        do {
            return try decoder.decode(Payload.self, from: json)
        } catch {
            throw .malformed(describe(error))
        }
    }

    /// The body without surrounding white space or a UTF-8 byte order mark.
    private static func trimmed(_ body: Data) -> Data {
        var bytes = body[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        while let first = bytes.first, space.contains(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, space.contains(last) { bytes = bytes.dropLast() }
        return Data(bytes)
    }

    /// `jsonFlickrApi({...})` (sent when nojsoncallback is missing) becomes `{...}`;
    /// anything else is returned unchanged.
    static func unwrapJSONP(_ body: Data) -> Data {
        guard let open = body.firstIndex(of: UInt8(ascii: "(")) else { return body }
        let name = body[body.startIndex..<open]
        let isIdentifier =
            !name.isEmpty
            && name.allSatisfy { byte in
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: ".")
            }
        guard isIdentifier else { return body }
        var end = body.endIndex
        if body[end - 1] == UInt8(ascii: ";") { end -= 1 }
        guard end > open + 1, body[end - 1] == UInt8(ascii: ")") else { return body }
        return Data(body[(open + 1)..<(end - 1)])
    }

    /// A decoding failure in words: which field, and what is wrong with it (never its value).
    static func describe(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            let all = keys + (last.map { [$0] } ?? [])
            let text = all.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : text
        }
        guard let error = error as? DecodingError else { return "not valid JSON" }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath, key)) is missing"
        case .valueNotFound(_, let context), .typeMismatch(_, let context):
            return "\(path(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not valid JSON (cut short?)"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)) \(context.debugDescription)"
        @unknown default:
            return "not valid JSON"
        }
    }
}
