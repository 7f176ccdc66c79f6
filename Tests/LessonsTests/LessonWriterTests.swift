import Testing

@testable import Lessons
@testable import Shell

@MainActor
struct LessonWriterTests {
    func entry(
        _ number: Int, _ line: String, at start: Int, to end: Int, ok: Bool = true, output: String = "",
        passesTime: Bool = false
    ) -> CommandLog.Entry {
        CommandLog.Entry(
            number: number, line: line, started: ClockPosition(time: .milliseconds(start)),
            ended: ClockPosition(time: .milliseconds(end)), succeeded: ok, output: output, passesTime: passesTime)
    }

    @Test func waitsStandForTheTimeBetweenCommandsToTheNearest100ms() {
        let entries = [
            entry(1, "search sunset", at: 2_180, to: 2_181, output: "searchText = \"sunset\"\n"),
            entry(2, "nope", at: 3_000, to: 3_000, ok: false),
            entry(3, "scroll down", at: 4_330, to: 4_331, output: "[00:04.330]   11  \"x\" by y\n"),
            entry(4, "wait 2s", at: 4_400, to: 6_400, output: "row 3: 1 favorite\n"),
            entry(5, "back", at: 6_420, to: 6_420),
        ]
        var writer = LessonWriter()
        writer.addsExpectations = true
        let text = writer.text(of: entries, savedOn: "2026-11-23", startedWith: "--latency 50")
        #expect(
            text == """
                # vmsh lesson, written by save on 2026-11-23
                # the session was started with: vmsh --latency 50
                # replay it: vmsh --lesson --echo FILE

                wait 2.2s
                search sunset
                expect searchText = "sunset"
                wait 2.1s
                scroll down
                expect 11  "x" by y
                wait 100ms
                wait 2s
                back

                """)
        writer.includesFailures = true
        writer.addsExpectations = false
        #expect(
            writer.text(of: Array(entries.prefix(2)), savedOn: "d", startedWith: "").hasSuffix(
                """
                wait 2.2s
                search sunset
                wait 800ms
                nope

                """))
    }

    @Test func aVirtualClockThatPlayedKeepsItsWaitsToTheMillisecond() {
        let entries = [
            entry(1, "search sunset", at: 2_187, to: 2_187),
            entry(2, "wait 1s", at: 2_187, to: 3_187),
            entry(3, "scroll down", at: 4_387, to: 4_387),
        ]
        var writer = LessonWriter()
        writer.keepsExactTimes = true
        #expect(
            writer.text(of: entries, savedOn: "d", startedWith: "--virtual-clock").hasSuffix(
                """

                wait 2187ms
                search sunset
                wait 1s
                wait 1.2s
                scroll down

                """))
    }

    @Test func aWaitCutShortIsSavedAsTheTimeThatPassed() {
        // Ctrl-C ended `wait 2s` after 700 ms (live, to the nearest 100 ms), and `wait 5s` at once.
        let entries = [
            entry(1, "search sunset", at: 0, to: 0),
            entry(2, "wait 2s", at: 100, to: 780, ok: false, passesTime: true),
            entry(3, "wait 5s", at: 900, to: 920, ok: false, passesTime: true),
            entry(4, "continue", at: 1_000, to: 1_000, ok: false, passesTime: true),
            entry(5, "scroll down", at: 1_000, to: 1_000),
        ]
        var writer = LessonWriter()
        writer.includesFailures = true
        #expect(
            writer.text(of: entries, savedOn: "d", startedWith: "").hasSuffix(
                """

                search sunset
                wait 100ms
                wait 700ms
                wait 100ms
                wait 100ms
                continue
                scroll down

                """))
        writer.keepsExactTimes = true
        #expect(writer.text(of: entries, savedOn: "d", startedWith: "").contains("wait 100ms\nwait 680ms\n"))
    }
}
