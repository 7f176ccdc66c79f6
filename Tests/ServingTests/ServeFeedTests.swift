import Foundation
import MarbleDiagrams
import OutputKinds
import Reactive
import Redaction
import Serving
import ShellTestSupport
import StandardShell
import TestSupport
import Testing

@testable import Shell

/// What the feed hands the students' pages, on a fake server: the session so far, then each
/// line, typed command, figure, rewind and clock change, and nothing a muted replay does.
@MainActor
struct ServeFeedTests: ShellScripting {
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
            return number >= first ? Message(kind: line.kind.shownAs.rawValue, n: number, text: line.text) : nil
        }
    }

    @Test func servingStartsWithTheSessionSoFarThenHandsOnEachLineAsItIsRecorded() {
        run("say Before the class\nsearch sunset\nwait 2s")
        run("serve on")
        #expect(server.startedAt == [.loopback])
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
        Secrets.uninstall(server.token)
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
        Secrets.uninstall(server.token)
    }

    @Test func aHiddenCheckReachesThePageAsTheEchoShowsItTypedOrFromAScriptWithoutEcho() {
        run("serve on\nsay the answer is 417")
        let seeded = server.messages.count
        // Typed at the prompt.
        _ = shell.run(line: "expect --hidden 417")
        // A script run without --echo, as `vmsh --serve 8080 --lesson LESSON` runs one.
        _ = ScriptRunner(shell: shell, echo: false, bail: false).run(.commands(["expect --hidden the answer"]))
        #expect(
            server.objects(from: seeded) == [
                Message(kind: "command", text: "> expect --hidden …"),
                Message(kind: "command", text: "> expect --hidden …"),
            ])
        #expect(!server.messages[seeded...].contains { $0.contains("417") || $0.contains("the answer") })
        Secrets.uninstall(server.token)
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
        Secrets.uninstall(server.token)
    }

    @Test func aGraphIsAFigureInPlaceOfItsTextDrawing() throws {
        run("search sunset\nwait 2s\nserve on")
        let seeded = server.messages.count
        let first = shell.output.record.lineCount
        run("graph 1")
        let live = server.objects(from: seeded)
        let figure = try #require(live.last)
        #expect(figure.kind == "figure")
        #expect(figure.caption == "graph 1")
        #expect(figure.title?.hasPrefix("row 1 \"Photo 1\" of \"sunset\"") == true)
        #expect(figure.svg?.contains("<svg") == true)
        // The echo, then the graph's lines: all of them the figure's.
        #expect(figure.lines == [first + 1, shell.output.record.lineCount])
        #expect(Array(live.dropLast()) == recorded(from: first))
        Secrets.uninstall(server.token)
    }

    @Test func gotoHandsOnARewindThenWhatTheTeacherSeesNotTheMutedReplay() {
        run("search sunset\nwait 2s\nmarbles 1\ngraph 1\nback\nserve on")
        #expect(server.objects().filter { $0.kind == "figure" }.map(\.caption) == ["marbles 1", "graph 1"])
        let seeded = server.messages.count
        let next = shell.output.record.lineCount
        run("goto 2")
        let live = server.objects(from: seeded)
        #expect(live.first == Message(kind: "command", n: next, text: "> goto 2"))
        #expect(live[1] == Message(kind: "rewind", text: "rewound to command 2 (wait 2s)", to: 2))
        #expect(Array(live.dropFirst(2)) == recorded(from: next + 1))
        #expect(live[2].text?.contains("back at command 2 (wait 2s)") == true)
        // A later page, and the exported page, hold each figure once.
        run("serve off\nserve on")
        #expect(server.objects(from: seeded).filter { $0.kind == "figure" }.map(\.caption) == ["marbles 1", "graph 1"])
        #expect(shell.context.session.shown.figures.map(\.caption) == ["marbles 1", "graph 1"])
        Secrets.uninstall(server.token)
    }

    @Test func compareHandsOnItsLinesAndFigureButNoRewind() {
        run("search sunset\nwait 2s\nserve on")
        let seeded = server.messages.count
        run("compare original fixed")
        let live = server.objects(from: seeded)
        #expect(!live.contains { $0.kind == "rewind" }, "the session was rebuilt three times, and is as it was")
        #expect(live.filter { $0.kind == "figure" }.map(\.caption) == ["compare original fixed"])
        #expect(
            live.contains {
                $0.text == "[00:02.000] compare: the 2 commands so far replayed under A = original and B = fixed"
            })
        Secrets.uninstall(server.token)
    }

    @Test func aMutedReplayShowsAndKeepsNoFigure() throws {
        run("search sunset\nwait 2s\nserve on")
        let (messages, figures) = (server.messages.count, shell.context.session.shown.figures.count)
        let figure = MarblePage.Figure(caption: "graph 1", title: "row 1", picture: "<svg/>", lines: 0..<1)
        shell.output.isMuted = true
        shell.context.show(figure)
        shell.output.isMuted = false
        #expect(server.messages.count == messages, "not on any page")
        #expect(shell.context.session.shown.figures.count == figures, "not in the next seed, nor in export html")
        shell.context.show(figure)
        #expect(server.messages.count == messages + 1)
        #expect(shell.context.session.shown.figures.count == figures + 1)
        Secrets.uninstall(server.token)
    }

    @Test func theClockStaysOnEveryPageLateOrAfterARewind() throws {
        shell.isAtPrompt = true
        run("search sunset\nwait 1s\nserve on")
        #expect(!server.objects().contains { $0.kind == "clock" }, "said only once the clock changed")
        let before = server.messages.count
        _ = shell.run(line: "clock play")
        #expect(
            server.objects(from: before).filter { $0.kind == "clock" } == [
                Message(kind: "clock", text: "playing at 1x")
            ])
        #expect(server.lasting == [server.messages.count - 1], "kept for a student who joins after any trim")
        // A page that opens later is told first.
        run("serve off")
        let reseeded = server.messages.count
        run("serve on")
        #expect(server.objects(from: reseeded).first == Message(kind: "clock", text: "playing at 1x"))
        #expect(server.lasting.last == reseeded)
        // goto makes a new clock, which plays on: the pages are told again, after the rewind.
        _ = shell.run(line: "clock speed 2")
        let rewound = server.messages.count
        run("goto 1")
        let after = server.objects(from: rewound)
        let rewind = try #require(after.firstIndex { $0.kind == "rewind" })
        #expect(
            Array(after[rewind...].prefix(2)) == [
                Message(kind: "rewind", text: "rewound to command 1 (search sunset)", to: 1),
                Message(kind: "clock", text: "playing at 2x"),
            ])
        #expect(server.lasting.last == rewound + rewind + 1)
        _ = shell.run(line: "clock pause")
        Secrets.uninstall(server.token)
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

    @Test func eachMessageIsOneJSONObjectWhateverTheTextHolds() {
        run("serve on")
        let seeded = server.messages.count
        _ = shell.run(line: "say a \"quoted\" back\\slash and ünïcode")
        #expect(server.objects(from: seeded).last?.text == "a \"quoted\" back\\slash and ünïcode")
        #expect(!server.messages.contains { $0.contains("\n") })
        Secrets.uninstall(server.token)
    }
}
