import Foundation

/// Routes requests: `/services/rest/` (the Flickr API), `/admin` (settings) and `/admin/stats`.
struct Router: Sendable {
    let methods: FlickrMethods
    let state: StubState

    func handle(_ request: HTTPRequest, _ connection: Connection) -> HTTPResponse? {
        switch request.path {
        case "/services/rest/", "/services/rest":
            rest(request.query, connection)
            return nil
        case "/admin":
            if let problem = state.administer(request.query) { return .text(400, problem) }
            return json(state.settingsJSON)
        case "/admin/stats":
            return json(state.statsJSON)
        default:
            return .text(404, "not found: the API is at /services/rest/, the controls at /admin and /admin/stats")
        }
    }

    /// One API call: counted, delayed or stalled as the faults say, answered, counted again.
    private func rest(_ query: [String: String], _ connection: Connection) {
        let method = query["method"].flatMap { $0.isEmpty ? nil : $0 } ?? "(none)"
        let plan = state.start(method)
        if plan.faults.latencyMS > 0, connection.waitUnlessClosed(milliseconds: plan.faults.latencyMS) {
            return state.finish(method, sent: false, failed: false)
        }
        if plan.faults.stall {
            // Until the client gives up; idle-exit ends the process if it never does.
            _ = connection.waitUnlessClosed(milliseconds: nil)
            return state.finish(method, sent: false, failed: false)
        }
        let (response, failed) = answer(query, plan)
        state.finish(method, sent: connection.respond(response), failed: failed)
    }

    private func answer(_ query: [String: String], _ plan: StubState.Plan) -> (HTTPResponse, failed: Bool) {
        if plan.faults.http500 {
            return (HTTPResponse(status: 500, contentType: "text/html", body: Array(Self.errorPage(500).utf8)), true)
        }
        if plan.faults.nonJSON {
            return (HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(Self.errorPage(200).utf8)), true)
        }
        let reply = methods.answer(query, plan)
        var body = Array((try? JSONSerialization.data(withJSONObject: reply.json, options: [.sortedKeys])) ?? Data())
        if query["nojsoncallback"] != "1" { body = Array("jsonFlickrApi(".utf8) + body + Array(")".utf8) }
        if plan.faults.truncate { body = Array(body.prefix(body.count / 2)) }
        let failed = reply.status != 200 || reply.json["stat"] as? String != "ok"
        return (HTTPResponse(status: reply.status, contentType: "application/json", body: body), failed)
    }

    private func json(_ object: [String: Any]) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return HTTPResponse(status: 200, contentType: "application/json", body: Array(data) + [0x0A])
    }

    /// What a proxy or a load balancer sends when things go wrong: HTML, not the API's JSON.
    static func errorPage(_ status: Int) -> String {
        "<!DOCTYPE html>\n<html><head><title>Flickr: Oops</title></head><body><h1>Something went wrong (\(status))</h1>"
            + "<p>We're having trouble right now. Please try again in a moment.</p></body></html>\n"
    }
}
