import Redaction
import SessionWire
import Shell

/// `serve on|off`: the session as a read-only page in the students' browsers, live (`--serve`
/// starts it with vmsh). The page's address is said on standard error, with its token the first
/// time only; the token is never in the transcript, JSON lines, saved lessons or pages.
extension CommandTable {
    package static let serve: ShellCommand = ShellCommand(
        name: "serve",
        parameters: [
            .init(
                name: "on|off", kind: .choice(["on", "off"]), isOptional: true,
                invalid: { "serve takes on or off, not '\($0)': serve on [ADDRESS:]PORT" }),
            .init(
                name: "[ADDRESS:]PORT", kind: .word(suggestions: .none), isOptional: true,
                invalid: { "serve on takes \(ServeAddress.expectation), not '\($0)'" },
                completion: .after(["on": ["8080", "127.0.0.1:8080"]])),
        ],
        synopsis: "serve [on [ADDRESS:]PORT | off]",
        summary: "serve this session as a read-only page that students follow live in a browser; "
            + "serve alone says who follows",
        example: "serve on 8080",
        details: [
            "the page shows the session so far, then every line, say and diagram as it comes, goto and undo too",
            "loopback (this machine) unless an address is named (0.0.0.0:8080: the whole network)",
            "the address to open is said on standard error, with its token the first time; without the token: 403",
            "a student whose browser stops reading is dropped once \(ServeLimits.size(ServeLimits().lag)) behind; "
                + "the others go on; at most \(ServeLimits().students) students follow at once",
        ],
        misuse: "usage: serve [on [ADDRESS:]PORT | off]", isRecorded: false,
        run: { arguments, context throws(CommandFailure) in
            switch arguments.text(0) {
            case "on":
                let typed = arguments.text(1)
                guard let address = typed.map(ServeAddress.init) ?? context.session.serving.lastServed ?? .loopback
                else {
                    throw CommandFailure(
                        "serve on takes \(ServeAddress.expectation), not '\((typed ?? "").sanitizedForTerminal)'")
                }
                try startServing(at: address, context)
            case "off":
                guard arguments.text(1) == nil else { throw CommandFailure("serve off takes no address") }
                guard let feed = context.transcript.feed else { throw CommandFailure("not serving: nothing to stop") }
                let following = feed.server.students.following
                stopServing(context.transcript)
                context.say("stopped serving; students following then: \(following)")
            default:
                guard let feed = context.transcript.feed else {
                    context.say("not serving (serve on [ADDRESS:]PORT starts)")
                    return .succeeded
                }
                let (following, dropped) = feed.server.students
                let fell = dropped == 0 ? "" : ", \(dropped) dropped for falling behind"
                context.say("serving on \(feed.address): \(following.counted("student")) following\(fell)")
            }
            return .succeeded
        })

    /// Starts serving at `address`: the page gets the session so far, then every line. Says where
    /// on standard error, with the token the first time (from then on a secret, taken out of every
    /// way out, so a pasted address never shows it), and that the network can reach it when it can.
    static func startServing(at address: ServeAddress, _ context: CommandContext) throws(CommandFailure) {
        let sink = context.transcript
        if let feed = sink.feed { throw CommandFailure("already serving on \(feed.address) (serve off first)") }
        if let confinement = context.session.scripts.confinedBy {
            throw CommandFailure("serve starts no server under \(confinement)")
        }
        guard let makeServer = context.session.serving.makeServer else { throw CommandFailure(noServer) }
        let server = makeServer()
        let started = try server.start(at: address)
        let feed = SessionFeed(server: server, address: started.address)
        feed.seed(
            sink.record, figures: context.session.shown.figures, clock: context.session.serving.pageClock,
            title: context.session.scripts.title)
        sink.serve(through: feed)
        context.session.table.servingDidStart(context)
        // The address served, its port as bound: a bare `serve on` serves there again.
        context.session.serving.lastServed = started.address
        let said = Secrets.appear(in: started.token)
        for page in started.pages {
            let token = said ? " (with the token printed before)" : "?token=\(started.token)"
            sink.writeUnrecorded("vmsh: serving this session read-only at \(page)\(token)\n")
        }
        if !said { Secrets.install(started.token) }
        // The teacher's own token, for the page with ask, close and answers: said once, then a secret.
        if let teacher = started.teacherToken, !Secrets.appear(in: teacher), let page = started.pages.first {
            sink.writeUnrecorded(
                "vmsh: the teacher's page (ask, close, answers; keep it to yourself): \(page)?token=\(teacher)\n")
            Secrets.install(teacher)
        }
        if !address.isLoopback {
            sink.writeUnrecorded(
                "vmsh: \(address.host) is open to the network, not only this machine: "
                    + "anyone with this address and its token can follow\n")
        }
    }

    /// Stops serving, if serving: each student's page says the teacher stopped.
    static func stopServing(_ sink: CapturingSink, atExit: Bool = false) {
        sink.feed?.server.stop(atExit: atExit)
        sink.serve(through: nil)
    }

    /// What a build without the `Serve` trait (scripts/vmsh's quick first build) says to `--serve` and `serve on`.
    package static let noServer =
        "this quick build has no server; scripts/install or `swift build` builds the full vmsh "
        + "(scripts/vmsh builds it in the background and uses it once it is there)"
}
