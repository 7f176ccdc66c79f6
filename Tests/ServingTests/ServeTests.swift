import Foundation
import MarbleDiagrams
import Reactive
import Redaction
import Serving
import SessionWire
import Shell
import ShellTestSupport
import StandardShell
import TestSupport
import Testing

/// `serve on|off` and `--serve` on a fake server: where it serves, what it says, the token said
/// once then kept secret, mistakes. What the pages get is ServeFeedTests'.
@MainActor
struct ServeTests: ShellScripting {
    let scheduler = VirtualScheduler()
    let output = MemoryOutput()
    let server = FakeServer()
    let shell: Shell

    init() {
        let service = FakeSearchService(scheduler: scheduler)
        service.photoCount = 12
        shell = Shell(service: service, clock: .virtual(scheduler), output: output)
        let server = self.server
        shell.makeServer = { server }
    }

    @Test func theAddressWithItsTokenIsSaidOnceOnStandardErrorAndKeptNowhere() {
        shell.writesJSONLines = true
        run("search sunset\nserve on\nwait 1s\nserve")
        let url = "http://127.0.0.1:4242/?token=\(server.token)"
        #expect(output.text.components(separatedBy: server.token).count == 2, "said once")
        #expect(output.text.contains("ERR vmsh: serving this session read-only at \(url)\n"))
        let lines = output.text.split(separator: "\n")
        #expect(
            lines.filter { $0.contains("serving this session") } == [
                "ERR vmsh: serving this session read-only at \(url)"
            ],
            "one line, never a JSON line")
        #expect(!shell.output.record.lines.contains { $0.text.contains(server.token) }, "not in export html")
        #expect(!server.messages.contains { $0.contains(server.token) }, "not on the page")
        #expect(!shell.log.entries.contains { $0.line.hasPrefix("serve") }, "neither saved nor replayed by goto")
        #expect(output.text.contains("\"text\":\"serving on 127.0.0.1:4242: 3 students following, 1 dropped"))
    }

    @Test func onceSaidTheTokenIsASecretThatNoLaterLineShows() {
        run("serve on")
        #expect(Secrets.appear(in: server.token))
        // A pasted address runs with the token taken out, and the next start names it without it.
        _ = shell.run(line: "say follow at http://127.0.0.1:4242/?token=\(server.token)")
        run("serve off\nserve on")
        #expect(output.text.components(separatedBy: server.token).count == 2, "only the first start said it")
        #expect(output.text.contains("» follow at http://127.0.0.1:4242/?token=[redacted]\n"))
        #expect(
            output.text.contains(
                "ERR vmsh: serving this session read-only at http://127.0.0.1:4242/ (with the token printed before)\n"))
        Secrets.uninstall(server.token)
    }

    @Test func aBareServeOnServesAgainWhereTheLastOneWasServedItsPortAsBound() {
        run("serve on 0\nserve off\nserve on\nserve off\nserve on 9090\nserve off\nserve on")
        #expect(
            server.startedAt == [
                ServeAddress(host: "127.0.0.1", port: 0), ServeAddress(host: "127.0.0.1", port: 4242),
                ServeAddress(host: "127.0.0.1", port: 9090), ServeAddress(host: "127.0.0.1", port: 9090),
            ], "the port 0 found, then the one named")
        Secrets.uninstall(server.token)
    }

    @Test func theNetworkIsNamedWhenAnAddressOtherThanLoopbackIsAndItsOwnAddressesAreGiven() {
        // As `--serve 0.0.0.0:8080` starts it, before the first command.
        #expect(shell.serve(at: ServeAddress(host: "0.0.0.0", port: 8080)))
        #expect(server.startedAt == [ServeAddress(host: "0.0.0.0", port: 8080)])
        #expect(
            output.text == "ERR vmsh: serving this session read-only at http://192.0.2.7:8080/?token=\(server.token)\n"
                + "ERR vmsh: serving this session read-only at http://198.51.100.3:8080/?token=\(server.token)\n"
                + "ERR vmsh: 0.0.0.0 is open to the network, not only this machine: anyone with this address and "
                + "its token can follow\n")
        run("serve off\nserve on 127.0.0.1:8080")
        #expect(output.text.components(separatedBy: "open to the network").count == 2, "loopback says nothing")
        Secrets.uninstall(server.token)
    }

    @Test func stopping() {
        run("serve on\nserve off")
        #expect(server.stopped)
        let count = server.messages.count
        run("say nobody hears this")
        #expect(server.messages.count == count)
        #expect(output.text.contains("stopped serving; students following then: 3\n"))
        Secrets.uninstall(server.token)
    }

    @Test func mistakesAreOneLineAndTheSessionGoesOn() {
        let (transcript, status) = script(
            """
            serve
            serve off
            serve on 99999
            serve on example.com:80
            serve sideways
            serve on
            serve on
            serve off 8080
            say still here
            """)
        #expect(status == 1)
        #expect(transcript.contains("[00:00.000] not serving (serve on [ADDRESS:]PORT starts)\n"))
        let expectation = ServeAddress.expectation
        for line in [
            "ERR vmsh: -c:2: not serving: nothing to stop",
            "ERR vmsh: -c:3: serve on takes \(expectation), not '99999'",
            "ERR vmsh: -c:4: serve on takes \(expectation), not 'example.com:80'",
            "ERR vmsh: -c:5: serve takes on or off, not 'sideways': serve on [ADDRESS:]PORT",
            "ERR vmsh: -c:7: already serving on 127.0.0.1:4242 (serve off first)",
            "ERR vmsh: -c:8: serve off takes no address",
        ] {
            #expect(transcript.contains(line + "\n"), "\(line)")
        }
        #expect(transcript.hasSuffix("» still here\n"))
        Secrets.uninstall(server.token)
    }

    @Test func aServerThatCannotStartSaysWhyAndABuildWithoutOneSaysSo() {
        server.refusal = CommandFailure("cannot serve on 127.0.0.1:80: Permission denied (errno: 13)")
        run("serve on 80")
        #expect(output.text.contains("ERR vmsh: -c:1: cannot serve on 127.0.0.1:80: Permission denied"))
        shell.makeServer = nil
        run("serve on")
        #expect(output.text.contains("ERR vmsh: -c:1: this quick build has no server; scripts/install"))
        #expect(shell.output.feed == nil)
    }

    @Test func tabOffersOnAndOffThenAddressesABrowserCanOpen() {
        let completer = Completer(shell: shell)
        #expect(completer.complete("serv").candidates == ["serve"])
        #expect(completer.complete("serve ").candidates == ["on", "off"])
        #expect(completer.complete("serve o").candidates == ["on", "off"])
        #expect(completer.complete("serve on ").candidates == ["8080", "127.0.0.1:8080"])
        #expect(completer.complete("serve off ").candidates.isEmpty)
    }

    @Test func helpExplainsItWithAnExampleAndItsLimitsUnderTheSessionTopic() {
        run("help serve\nhelp session")
        #expect(output.text.contains("[00:00.000] usage: serve [on [ADDRESS:]PORT | off]\n"))
        #expect(output.text.contains("[00:00.000]   example: serve on 8080\n"))
        #expect(output.text.contains("[00:00.000]   serve [on [ADDRESS:]PORT | off]"))
        #expect(
            output.text.contains(
                "is dropped once 256 KiB\n[00:00.000]   behind; the others go on; at most 1000 students"))
    }

    @Test func limitsAreReadFromOneStatementAndATestMaySetThemSmall() {
        #expect(ServeLimits.size(ServeLimits().lag) == "256 KiB")
        #expect(ServeLimits.size(ServeLimits().kept) == "4 MiB")
        var small = ServeLimits()
        small.students = 2
        small.idle = .seconds(1)
        #expect(ServeLimits(overrides: "students=2 idle=1s") == small)
        #expect(ServeLimits(overrides: "") == ServeLimits())
        for bad in ["students", "students=0", "idle=soon", "pupils=3"] { #expect(ServeLimits(overrides: bad) == nil) }
    }

    @Test func theTeachersGuideNamesTheLimitsAsTheyAre() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("docs/teaching.md"), encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let limits = ServeLimits()
        for phrase in [
            "cut off once it is \(ServeLimits.size(limits.lag)) behind",
            "keeps one history for all the students, at most \(ServeLimits.size(limits.kept))",
            "(the latest \(ServeLimits.size(limits.kept)) of it)",
            "At most \(limits.students) students follow at once",
            "closed after \(limits.idle.components.seconds) s idle",
        ] {
            #expect(readme.contains(phrase), "\(phrase)")
        }
    }

    @Test func addresses() {
        #expect(ServeAddress("8080") == ServeAddress(host: "127.0.0.1", port: 8080))
        #expect(ServeAddress("0") == ServeAddress(host: "127.0.0.1", port: 0))
        #expect(ServeAddress("0.0.0.0:80") == ServeAddress(host: "0.0.0.0", port: 80))
        #expect(ServeAddress("localhost:9") == ServeAddress(host: "127.0.0.1", port: 9))
        #expect(ServeAddress("[::1]:8080") == ServeAddress(host: "::1", port: 8080))
        #expect(ServeAddress("[::1]:8080")?.description == "[::1]:8080")
        #expect(ServeAddress("[::1]:8080")?.isLoopback == true)
        #expect(ServeAddress("127.1.2.3:1")?.isLoopback == true)
        #expect(ServeAddress("192.168.1.2:1")?.isLoopback == false)
        for bad in [
            "", ":80", "65536", "-1", "+80", "80x", "host:80", "1.2.3:80", "1.2.3.256:80", "[::1]80", "::1:80",
            "[x]:80", "٨٠", "1.2.3.4:", "00000080",
        ] {
            #expect(ServeAddress(bad) == nil, "\(bad)")
        }
    }
}
