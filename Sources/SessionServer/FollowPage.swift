import Hummingbird
import MarbleDiagrams

/// The page a student opens: one self-contained file that loads nothing from elsewhere, styled as
/// `export html` styles a lesson page (`MarblePageStyle`), whose script follows the session over
/// `/follow` and lays each message out as the exported page would. Its policy lets only that
/// script run (by a nonce fresh on every response) and connect only back to this server, so no
/// text from the session, a photo's title say, can ever run as code.
enum FollowPage {
    /// `teacher`: the page opened with the teacher's token, which shows the teacher's controls.
    static func response(teacher: Bool = false) -> Response {
        let nonce = AccessToken.random(bytes: 16)
        let policy =
            "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; connect-src 'self'; "
            + "img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        return Response(
            status: .ok,
            headers: headers(policy: policy),
            body: .init(byteBuffer: ByteBuffer(string: html(nonce: nonce, teacher: teacher))))
    }

    /// No caching, no referrer (the address holds the token), no sniffing, and the policy.
    private static func headers(policy: String) -> HTTPFields {
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .contentSecurityPolicy: policy,
        ]
        for (name, value) in [("Referrer-Policy", "no-referrer"), ("X-Content-Type-Options", "nosniff")] {
            if let name = HTTPFields.Element.Name(name) { headers[name] = value }
        }
        return headers
    }

    static func html(nonce: String, teacher: Bool = false) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>vmsh session</title>
        <style nonce="\(nonce)">
        \(MarblePageStyle.css)
        \(liveStyle)
        </style>
        </head>
        <body data-fold-after="\(MarblePage.foldAfter)" data-shown-of-folded="\(MarblePage.shownOfFolded)"\(teacher ? " data-teacher=\"1\"" : "")>
        <main>
        <h1>vmsh session</h1>
        <p id="live" class="off">connecting…</p>
        <div id="feed" role="log" aria-live="polite" aria-label="the session, live" aria-busy="false"></div>
        </main>
        <script nonce="\(nonce)">
        \(FollowPageText.source)
        </script>
        </body>
        </html>

        """
    }

    /// What only a live page has: the line saying whether it follows (and the clock), kept in
    /// view, and the mark where the teacher rewound.
    static let liveStyle = """
        #top { position: sticky; top: 0; z-index: 2; background: #ffffff; margin: 0 0 1rem; border-bottom: 1px solid #d8d8d8; }
        #live { margin: 0; padding: 0.3rem 0; color: #2e6b2e; font-size: 0.9rem; }
        #live.off { color: #b00000; }
        p.rewind { color: #555555; font-style: italic; border-top: 2px dashed #b0b0b0; margin: 1.5rem 0 0.5rem; padding-top: 0.4rem; }
        p.missed { color: #555555; font-style: italic; }
        figure img { display: block; max-width: 100%; height: auto; }
        #look, #controls { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0 0 0.5rem; font-size: 0.85rem; }
        #look.back span { color: #b05a00; font-weight: bold; }
        #controls input { flex: 1; min-width: 20rem; font-family: monospace; }
        section.question { border: 2px solid #2e6b9e; border-radius: 6px; padding: 0.5rem 1rem; margin: 1rem 0; background: #f3f8fc; }
        section.question.open { position: sticky; top: var(--top, 4rem); z-index: 1; }
        section.question.closed { border-color: #8a8a8a; background: #f6f6f6; }
        section.question h2 { font-size: 1rem; margin: 0; }
        section.question .state { color: #2e6b2e; font-style: italic; }
        form.answer { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; }
        form.answer input.marbles { font-family: monospace; font-size: 1.1rem; min-width: 16rem; }
        form.answer .check { color: #b00000; font-size: 0.85rem; }
        pre.answers { margin: 0.4rem 0; }
        #fork { position: sticky; bottom: 0; background: #ffffff; border-top: 1px solid #d8d8d8; padding: 0.3rem 0; }
        #try form { display: flex; gap: 0.4rem; }
        #try input { flex: 1; font-family: monospace; }
        pre.fork { max-height: 40vh; overflow: auto; margin: 0.4rem 0; background: #f6f6f6; }
        @media print { #top, #fork { display: none; } }
        """
}
