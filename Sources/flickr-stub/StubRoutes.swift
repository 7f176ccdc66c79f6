import Foundation
import Hummingbird
import NIOCore

/// Answers the routes: the Flickr API with its faults, the settings and the counts.
struct StubRoutes: Sendable {
    let methods: FlickrMethods
    let state: StubState
    /// Redirects point here, so a client that follows one is seen (and counted).
    let misbehavePort: Int

    /// One API call: counted, delayed or stalled as the faults say, answered, counted again.
    func rest(_ request: Request, _ channel: any Channel) async -> Response {
        let query = Self.query(request.uri.query ?? "")
        let method = query["method"].flatMap { $0.isEmpty ? nil : $0 } ?? "(none)"
        let plan = state.start(method)
        if plan.faults.latencyMS > 0, await HangupWatcher.waitUnlessClosed(channel, milliseconds: plan.faults.latencyMS)
        {
            state.finish(method, sent: false, failed: false)
            return Response(status: .noContent)
        }
        if plan.faults.stall {
            // Until the client gives up; idle-exit ends the process if it never does.
            _ = await HangupWatcher.waitUnlessClosed(channel, milliseconds: nil)
            state.finish(method, sent: false, failed: false)
            return Response(status: .noContent)
        }
        let (response, failed) = answer(query, plan, rawQuery: request.uri.query ?? "")
        // The answer is handed to Hummingbird here; a client gone by now shows as a write error there.
        state.finish(method, sent: !HangupWatcher.hungUp(channel), failed: failed)
        return response
    }

    private func answer(_ query: [String: String], _ plan: StubState.Plan, rawQuery: String) -> (Response, failed: Bool)
    {
        if plan.faults.redirect != 0 {
            let location = "http://127.0.0.1:\(misbehavePort)/redirected/services/rest/?\(rawQuery)"
            let status = HTTPResponse.Status(code: plan.faults.redirect)
            return (Response(status: status, headers: [.location: location, .contentLength: "0"]), true)
        }
        if plan.faults.http500 {
            return (Self.body(.internalServerError, "text/html", Array(Self.errorPage(500).utf8)), true)
        }
        if plan.faults.nonJSON {
            return (Self.body(.ok, "text/html; charset=utf-8", Array(Self.errorPage(200).utf8)), true)
        }
        let reply = methods.answer(query, plan)
        var body = Array((try? JSONSerialization.data(withJSONObject: reply.json, options: [.sortedKeys])) ?? Data())
        if plan.faults.keyInText, let key = query["api_key"] {
            let text = String(decoding: body, as: UTF8.self)
            body = Array(
                text.replacingOccurrences(of: FlickrMethods.keyMark, with: FlickrMethods.jsonEscaped(key)).utf8)
        }
        if query["nojsoncallback"] != "1" { body = Array("jsonFlickrApi(".utf8) + body + Array(")".utf8) }
        if plan.faults.truncate { body = Array(body.prefix(body.count / 2)) }
        let failed = reply.status != 200 || reply.json["stat"] as? String != "ok"
        return (Self.body(.init(code: reply.status), "application/json", body), failed)
    }

    func admin(_ request: Request) -> Response {
        if let problem = state.administer(Self.query(request.uri.query ?? "")) {
            return Self.body(.badRequest, "text/plain; charset=utf-8", Array((problem + "\n").utf8))
        }
        return Self.json(state.settingsJSON)
    }

    func stats() -> Response {
        state.touch()
        return Self.json(state.statsJSON)
    }

    static func body(_ status: HTTPResponse.Status, _ type: String, _ bytes: [UInt8]) -> Response {
        Response(status: status, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func json(_ object: [String: Any]) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return body(.ok, "application/json", Array(data) + [0x0A])
    }

    /// Form decoding of a raw query: '+' is a space, %XX a byte.
    static func query(_ raw: String) -> [String: String] {
        var query: [String: String] = [:]
        for pair in raw.split(separator: "&") {
            let item = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query[decode(item[0])] = item.count > 1 ? decode(item[1]) : ""
        }
        return query
    }

    private static func decode(_ text: Substring) -> String {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
    }

    /// What a proxy or a load balancer sends when things go wrong: HTML, not the API's JSON.
    static func errorPage(_ status: Int) -> String {
        "<!DOCTYPE html>\n<html><head><title>Flickr: Oops</title></head><body><h1>Something went wrong (\(status))</h1>"
            + "<p>We're having trouble right now. Please try again in a moment.</p></body></html>\n"
    }
}
