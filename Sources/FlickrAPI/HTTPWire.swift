import Foundation

/// The bytes of HTTP/1.1 as this client writes and reads them.
enum HTTPWire {
    /// The path and query as sent: still percent-encoded.
    static func target(_ url: URL) -> String? {
        guard url.scheme?.lowercased() == "http", let parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        let path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        return parts.percentEncodedQuery.map { path + "?" + $0 } ?? path
    }

    /// True once `bytes` hold a whole reply by its own account (Content-Length, or the last
    /// chunk), so a server that keeps the connection open is not waited on.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return false }
        let headers = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).lowercased()
        let bodyCount = bytes.count - end.upperBound
        if headers.contains("transfer-encoding: chunked") { return bytes.suffix(5).elementsEqual(Array("0\r\n\r\n".utf8)) }
        guard let line = headers.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        else { return false }
        return bodyCount >= length
    }

    /// Status line, headers (Content-Type, Content-Length, chunked) and body.
    static func parse(_ bytes: [UInt8]) -> Result<HTTPReply, FlickrError> {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.firstRange(of: separator) else { return .failure(.malformed("not a valid HTTP reply")) }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = head[0].split(separator: " ")
        guard statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/1."), let status = Int(statusWords[1]) else {
            return .failure(.malformed("not a valid HTTP reply"))
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            guard let decoded = dechunk(body) else { return .failure(.malformed("a broken chunked reply")) }
            body = decoded
        } else if let length = headers["content-length"].flatMap(Int.init), length < body.count {
            body = Array(body.prefix(length))
        }
        return .success(HTTPReply(status: status, contentType: headers["content-type"], body: Data(body)))
    }

    /// The body of a `Transfer-Encoding: chunked` reply; nil when it is broken or cut short.
    static func dechunk(_ bytes: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var index = 0
        while let lineEnd = bytes[index...].firstRange(of: [13, 10]) {
            let sizeText = String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
            if size == 0 { return out }
            let start = lineEnd.upperBound
            guard start + size <= bytes.count else { return nil }
            out += bytes[start..<(start + size)]
            index = start + size + 2
            guard index <= bytes.count else { return nil }
        }
        return nil
    }
}
