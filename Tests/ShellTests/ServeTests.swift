import Foundation
import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import Shell

/// A server that keeps what it is handed: what `serve` starts in these tests.
@MainActor
final class FakeServer: SessionServing {
    static let token = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
    private(set) var messages: [String] = []
    private(set) var startedAt: ServeAddress?
    private(set) var stopped = false
    var refusal: ServeFailure?

    func start(at address: ServeAddress) -> Result<ServedAt, ServeFailure> {
        if let refusal { return .failure(refusal) }
        startedAt = address
        let bound = ServeAddress(host: address.host, port: 4242)
        return .success(ServedAt(address: bound, url: "http://\(bound)/?token=\(Self.token)"))
    }

    func publish(_ message: String) { messages.append(message) }
    func stop() { stopped = true }
    var students: (following: Int, dropped: Int) { (3, 1) }

    /// The messages from `index` on, each read as the page reads it.
    func objects(from index: Int = 0) -> [Message] {
        messages[index...].map { message in
            (try? JSONDecoder().decode(Message.self, from: Data(message.utf8)))
                ?? Message(kind: "unreadable: " + message)
        }
    }
}

/// One message as the page reads it: every field any kind has.
struct Message: Decodable, Equatable {
    var kind: String
    var n: Int?
    var text: String?
    var to: Int?
    var lines: [Int]?
    var title: String?
    var caption: String?
    var svg: String?
}

/// `serve on|off` and what the feed hands the students' pages, on a fake server.
@MainActor
struct ServeTests: ShellScripting {
    let scheduler = VirtualScheduler()
    let output = MemoryOutput()
    let server = FakeServer()
    let shell: Shell

    init() {
        let service = FakeSearchService(scheduler: scheduler)
        service.photoCount = 12
        shell = Shell(
            service: service, clock: .virtual(scheduler), output: output,
            makeService: { FakeSearchService(scheduler: $0 as? VirtualScheduler ?? VirtualScheduler()) })
        let server = self.server
        shell.makeServer = { server }
    }

    /// The record's lines as the feed hands them: kind, number, text.
    func recorded(from first: Int = 0) -> [Message] {
        let record = shell.output.record
        return record.lines.enumerated().compactMap { offset, line in
            let number = record.firstLine + offset
            return number >= first ? Message(kind: SessionFeed.name(line.kind), n: number, text: line.text) : nil
        }
    }

    @Test func servingStartsWithTheSessionSoFarThenHandsOnEachLineAsItIsRecorded() {
        run("say Before the class\nsearch sunset\nwait 2s")
        run("serve on")
        #expect(server.startedAt == .loopback)
        #expect(server.objects() == recorded(), "the whole transcript so far, numbered, in order")
        let seeded = server.messages.count
        let next = shell.output.record.lineCount
        run("say After it began\nrecent")
        #expect(
            server.objects(from: seeded) == [
                Message(kind: "command", n: next, text: "> say After it began"),
                // The narration takes the place of its say's echo, as on the exported page.
                Message(kind: "narration", n: next, text: "After it began"),
            ] + recorded(from: next + 1))
        #expect(server.objects(from: seeded).count == 3 + (shell.output.record.lineCount - next - 2))
    }

    @Test func aTypedCommandThatNoEchoShowedIsHandedOnOnce() {
        run("serve on")
        let seeded = server.messages.count
        let next = shell.output.record.lineCount
        _ = shell.run(line: "say typed at the prompt")
        #expect(
            server.objects(from: seeded) == [
                Message(kind: "command", text: "> say typed at the prompt"),
                Message(kind: "narration", n: next, text: "typed at the prompt"),
            ])
    }

    @Test func aDiagramComesAfterItsLinesNamingThemAndAgainWhenServingStartsLater() throws {
        run("search sunset\nwait 2s\nvisible 1-3\nwait 2s\nserve on")
        let seeded = server.messages.count
        let first = shell.output.record.lineCount
        run("marbles 1")
        let live = server.objects(from: seeded)
        let figure = try #require(live.last)
        let drawn = shell.output.record.lineCount
        #expect(figure.kind == "figure")
        #expect(figure.caption == "marbles 1")
        #expect(figure.title?.hasPrefix("row 1 \"Photo 1\" of \"sunset\", pipeline") == true)
        #expect(figure.svg?.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") == true)
        // The echo, then the row named, then the drawing the figure stands for.
        #expect(figure.lines == [first + 2, drawn])
        #expect(Array(live.dropLast()) == recorded(from: first))

        // Served again: the figure right after the lines it stands for, as it came.
        run("serve off")
        let before = server.messages.count
        run("serve on")
        let reseeded = server.objects(from: before)
        let index = try #require(reseeded.firstIndex { $0.kind == "figure" })
        #expect(reseeded[index - 1].n == drawn - 1)
        #expect(reseeded[index] == figure)
        #expect(reseeded.filter { $0.kind != "figure" } == recorded())
    }

    @Test func gotoHandsOnARewindThenWhatTheTeacherSeesNotTheMutedReplay() {
        run("search sunset\nwait 1s\nback\nserve on")
        let seeded = server.messages.count
        let next = shell.output.record.lineCount
        run("goto 2")
        let live = server.objects(from: seeded)
        #expect(live.first == Message(kind: "command", n: next, text: "> goto 2"))
        #expect(live[1] == Message(kind: "rewind", text: "rewound to command 2 (wait 1s)", to: 2))
        #expect(Array(live.dropFirst(2)) == recorded(from: next + 1))
        #expect(live[2].text?.contains("back at command 2 (wait 1s)") == true)
    }

    /// A breakpoint's event pauses the clock playing at the prompt, and the page's header is told.
    @Test func aBreakpointThatPausesThePlayingClockTellsThePage() {
        shell.isAtPrompt = true
        run("break when 1 favorites next\nsearch sunset\nserve on\nclock speed 2")
        let seeded = server.messages.count
        _ = shell.run(line: "clock play")
        let giveUp = ContinuousClock.now + .seconds(10)
        while shell.clock.playback != nil, ContinuousClock.now < giveUp {
            shell.clock.sleep(until: nil)
            shell.tellPauseAtBreakpoint()
        }
        #expect(shell.clock.now == .milliseconds(1_600), "paused at the event, in 0.8 s of real time")
        #expect(shell.prompt(unicode: true).hasPrefix("vmsh [paused 00:01.600]"))
        let clock = server.objects(from: seeded).filter { $0.kind == "clock" }.compactMap(\.text)
        #expect(clock == ["playing at 2x", "paused"])
        #expect(output.text.contains("the clock paused at 00:01.600, after its action went on to event "))
        _ = shell.run(line: "continue")
        #expect(server.objects(from: seeded).filter { $0.kind == "clock" }.last?.text == "playing at 2x")
        #expect(shell.clock.playback?.speed == .double, "continue plays on at the speed it had")
    }

    @Test func theAddressWithItsTokenIsSaidOnceOnStandardErrorAndKeptNowhere() {
        shell.writesJSONLines = true
        run("search sunset\nserve on\nwait 1s\nserve")
        let url = "http://127.0.0.1:4242/?token=\(FakeServer.token)"
        #expect(output.text.components(separatedBy: FakeServer.token).count == 2, "said once")
        #expect(output.text.contains("ERR vmsh: serving this session read-only at \(url)\n"))
        #expect(!output.text.contains("{\"ms\":0,\"time\":\"00:00.000\",\"kind\":\"error\",\"text\":\"serving"))
        #expect(!shell.output.record.lines.contains { $0.text.contains(FakeServer.token) }, "not in export html")
        #expect(!server.messages.contains { $0.contains(FakeServer.token) }, "not on the page")
        #expect(!shell.log.entries.contains { $0.line.hasPrefix("serve") }, "neither saved nor replayed by goto")
        #expect(output.text.contains("\"text\":\"serving on 127.0.0.1:4242: 3 students following, 1 dropped"))
    }

    @Test func theNetworkIsNamedWhenAnAddressOtherThanLoopbackIs() {
        run("serve on 0.0.0.0:8080")
        #expect(server.startedAt == ServeAddress(host: "0.0.0.0", port: 8080))
        #expect(
            output.text.contains(
                "ERR vmsh: 0.0.0.0 is open to the network, not only this machine: anyone with this address and its "
                    + "token can follow\n"))
        run("serve off\nserve on 127.0.0.1:8080")
        #expect(output.text.components(separatedBy: "open to the network").count == 2, "loopback says nothing")
    }

    @Test func stopping() {
        run("serve on\nserve off")
        #expect(server.stopped)
        let count = server.messages.count
        run("say nobody hears this")
        #expect(server.messages.count == count)
        #expect(output.text.contains("stopped serving; students following then: 3\n"))
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
    }

    @Test func aServerThatCannotStartSaysWhyAndABuildWithoutOneSaysSo() {
        server.refusal = ServeFailure("cannot serve on 127.0.0.1:80: Permission denied (errno: 13)")
        run("serve on 80")
        #expect(output.text.contains("ERR vmsh: -c:1: cannot serve on 127.0.0.1:80: Permission denied"))
        shell.makeServer = nil
        run("serve on")
        #expect(output.text.contains("ERR vmsh: -c:1: this quick build has no server; scripts/install"))
        #expect(shell.output.feed == nil)
    }

    @Test func tabOffersOnAndOffThenAddressesOfBothKinds() {
        let completer = Completer(shell: shell)
        #expect(completer.complete("serv").candidates == ["serve"])
        #expect(completer.complete("serve ").candidates == ["on", "off"])
        #expect(completer.complete("serve o").candidates == ["on", "off"])
        #expect(completer.complete("serve on ").candidates == ["8080", "0.0.0.0:8080"])
        #expect(completer.complete("serve off ").candidates.isEmpty)
    }

    @Test func helpExplainsItWithAnExampleUnderTheSessionTopic() {
        run("help serve\nhelp session")
        #expect(output.text.contains("[00:00.000] usage: serve [on [ADDRESS:]PORT | off]\n"))
        #expect(output.text.contains("[00:00.000]   example: serve on 8080\n"))
        #expect(output.text.contains("[00:00.000]   serve [on [ADDRESS:]PORT | off]"))
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

    @Test func eachMessageIsOneJSONObjectWhateverTheTextHolds() {
        run("serve on")
        let seeded = server.messages.count
        _ = shell.run(line: "say a \"quoted\" back\\slash and ünïcode")
        #expect(server.objects(from: seeded).last?.text == "a \"quoted\" back\\slash and ünïcode")
        #expect(!server.messages.contains { $0.contains("\n") })
    }
}
