import Hummingbird

/// What every request meets first: one for a host this server does not serve (DNS rebinding)
/// 421; without the token (or with a wrong one) 403, whatever it asks; with it, anything but GET
/// is 405. Nothing a browser sends here reaches the session; answers go over the feed.
struct ServeGate<Context: RequestContext>: RouterMiddleware {
    /// The students' token and the teacher's: either opens the page.
    let tokens: [String]
    let hosts: ServedHosts

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard hosts.allows(request.head.authority) else {
            return Self.refusal(.misdirectedRequest, "This server answers only at the address vmsh printed.")
        }
        let given = request.uri.queryParameters["token"]
        guard tokens.contains(where: { AccessToken.matches(given, $0) }) else {
            return Self.refusal(.forbidden, "This page needs the address vmsh printed, with its token.")
        }
        guard request.method == .get else {
            var refusal = Self.refusal(.methodNotAllowed, "This page is read-only: only GET.")
            refusal.headers[.allow] = "GET"
            return refusal
        }
        return try await next(request, context)
    }

    static func refusal(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
    }
}
