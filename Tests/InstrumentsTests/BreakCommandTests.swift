import Foundation
import ShellTestSupport
import TestSupport
import Testing

@testable import Shell

/// Reactive breakpoints in transcripts: a wait stopped at an event, `step`, `continue`, `breaks`.
@MainActor
struct BreakCommandTests: FakeShellSuite {
    let fake = FakeShell()

    init() { fake.service.photoCount = 12 }

    @Test func aBreakpointStopsTheWaitAtItsEventThenStepAndContinue() {
        let (transcript, status) = script(
            """
            break when 1 metadata next
            break when 2 favorites completed
            search sunset
            wait 3s
            step
            step
            continue
            why 1 metadata
            breaks
            break clear 1
            breaks
            break clear
            step
            continue
            """)
        // Each stop at its event's time; step takes the next event, run or already recorded.
        #expect(
            section(transcript, from: "break when 1 metadata next") == """
                > break when 1 metadata next
                [00:00.000] break 1: when row 1 · metadata next
                > break when 2 favorites completed
                [00:00.000] break 2: when row 2 · favorites completed
                > search sunset
                [00:00.000] searchText = "sunset"
                [00:00.000] isSearchValid = true
                [00:00.000] executing = true
                > wait 3s
                [00:00.400] push SearchResultsViewModel "sunset"
                [00:00.400] "sunset": 12 of 120 photos
                [00:00.400]    1  "Photo 1" by Owner
                [00:00.400]    2  "Angry �[31msky" by Owner
                [00:00.400]    3  "Photo 3" by Owner
                [00:00.400]    4  "Photo 4" by Owner
                [00:00.400]    5  "Photo 5" by Owner
                [00:00.400]    6  "Photo 6" by Owner
                [00:00.400]    7  "Photo 7" by Owner
                [00:00.400]    8  "Photo 8" by Owner
                [00:00.400]    9  "Photo 9" by Owner
                [00:00.400]   10  "Photo 10" by Owner
                [00:00.400] rows 1-10 of 12 visible
                [00:00.400] executing = false
                [00:01.600] break 2 at 00:01.600: row 2 · favorites: completed (event 120)
                [00:01.600] the clock stopped at 00:01.600 with 00:01.400 of the wait left: step, continue, why 120
                > step
                [00:01.600] step: 00:01.600 row 3 · favorites: next 40 (event 121); its action went on to event 122
                > step
                [00:01.600] step: 00:01.600 row 3 · favorites: completed (event 122), already happened
                > continue
                [00:01.700] break 1 at 00:01.700: row 1 · metadata: next 40/7 (event 138)
                [00:01.700] row 1 "Photo 1": 40 favorites, 7 comments
                [00:01.700] the clock stopped at 00:01.700 with 00:01.300 of the wait left, after its action went on to event 140: step, continue, why 138
                > why 1 metadata
                [00:01.700] 00:01.700 row 1 · metadata: next 40/7 (event 138), with row 1 · favorites: next 40 of 00:01.600
                [00:01.700]   ← 00:01.700 row 1 · comments: next 7 (event 137)
                [00:01.700]   ← 00:01.400 row 1 · comments: subscribed (event 71)
                [00:01.700]   ← 00:01.400 row 1 · metadata: subscribed (event 69)
                [00:01.700]   ← 00:01.400 row 1 · delay(1s): completed (event 68)
                [00:01.700]   ← 00:00.400 row 1 · delay(1s): subscribed (event 33)
                [00:01.700]   ← 00:00.400 row 1 · isVisible: next true (event 32)
                [00:01.700]   ← 00:00.400 search · flickrSearchSignal: next 12 of 120 photos (event 18)
                [00:01.700]   ← 00:00.000 search · flickrSearchSignal: subscribed (event 17)
                [00:01.700]   ← 00:00.000 #3 search sunset
                > breaks
                [00:01.700]   1  when row 1 · metadata next  (hit 1 time)
                [00:01.700]   2  when row 2 · favorites completed  (hit 1 time)
                > break clear 1
                [00:01.700] cleared break 1
                > breaks
                [00:01.700]   2  when row 2 · favorites completed  (hit 1 time)
                > break clear
                [00:01.700] cleared 1 breakpoint
                > step
                [00:01.700] step: 00:01.700 row 1 · comments: completed (event 139), already happened
                > continue
                [00:01.700] row 2 "Angry �[31msky": 40 favorites, 7 comments
                [00:01.700] row 3 "Photo 3": 40 favorites, 7 comments
                [00:01.700] row 4 "Photo 4": 40 favorites, 7 comments
                [00:01.700] row 5 "Photo 5": 40 favorites, 7 comments
                [00:01.700] row 6 "Photo 6": 40 favorites, 7 comments
                [00:01.700] row 7 "Photo 7": 40 favorites, 7 comments
                [00:01.700] row 8 "Photo 8": 40 favorites, 7 comments
                [00:01.700] row 9 "Photo 9": 40 favorites, 7 comments
                [00:01.700] row 10 "Photo 10": 40 favorites, 7 comments
                [00:03.000] the wait ended at 00:03.000

                """)
        #expect(status == 0)
    }

    /// The clock stops after the timer action that sent the event, so what that action delivered
    /// further (early: C) is printed before the step that names its first event, and the events
    /// it went on to are said to have happened already.
    @Test func aBreakpointOnAPlaygroundLaneStopsThereAndStepRunsOneMoreEvent() {
        let (transcript, status) = script(
            """
            let a = marbles "--a--b--c|"
            let m = a | map upper
            break when m map upper next B
            subscribe m as early
            break when play early completed
            wait 2s
            step
            step
            step
            continue
            breaks
            """)
        #expect(
            section(transcript, from: "wait 2s") == """
                > wait 2s
                [00:00.200] early: A
                [00:00.500] break 1 at 00:00.500: m · map upper: next B (event 16)
                [00:00.500] early: B
                [00:00.500] the clock stopped at 00:00.500 with 00:01.500 of the wait left, after its action went on to event 17: step, continue, why 16
                > step
                [00:00.500] step: 00:00.500 play · early: next B (event 17), already happened
                > step
                [00:00.800] early: C
                [00:00.800] step: 00:00.800 m · a: next c (event 18); its action went on to event 20
                > step
                [00:00.800] step: 00:00.800 m · map upper: next C (event 19), already happened
                > continue
                [00:00.900] break 2 at 00:00.900: play · early: completed (event 23)
                [00:00.900] early: completed
                [00:00.900] the clock stopped at 00:00.900 with 00:01.100 of the wait left: step, continue, why 23
                > breaks
                [00:00.900]   1  when m · map upper next B  (hit 1 time)
                [00:00.900]   2  when play · early completed  (hit 1 time)

                """)
        #expect(status == 0)
    }

    /// A lane without `#` watches every subscription of it, also a playground operator's later
    /// ones (each a stream of its own); `map upper#2` watches that one alone.
    @Test func aBreakpointWatchesEverySubscriptionOfALaneOrTheOneNamed() {
        let (transcript, status) = script(
            """
            let a = marbles "--a--b|"
            let m = a | map upper
            subscribe m as first
            subscribe m as second
            break when m map upper next A
            break when m map upper#2 next B
            wait 1s
            continue
            continue
            continue
            breaks
            """)
        let hits = transcript.split(separator: "\n").filter { $0.contains("] break ") && $0.contains(" at ") }
        #expect(
            hits == [
                "[00:00.200] break 1 at 00:00.200: m · map upper: next A (event 16)",
                "[00:00.200] break 1 at 00:00.200: m · map upper#2: next A (event 19)",
                "[00:00.500] break 2 at 00:00.500: m · map upper#2: next B (event 25)",
            ])
        #expect(
            section(transcript, from: "breaks") == """
                > breaks
                [00:01.000]   1  when m · map upper next A  (hit 2 times)
                [00:01.000]   2  when m · map upper#2 next B  (hit 1 time)

                """)
        #expect(status == 0)
    }

    @Test func continueAfterAPlayingClockPassedTheStoppedWaitSaysSo() {
        run("break when 1 metadata next\nsearch sunset\nwait 3s")
        #expect(output.text.contains("the clock stopped at 00:01.700 with 00:01.300 of the wait left"))
        // What `clock play` does while the prompt waits: the virtual time catches up with real time.
        shell.clock.advance(to: ClockPosition(time: .seconds(4), actions: .max))
        run("continue")
        #expect(
            output.text.hasSuffix(
                "> continue\n[00:04.000] the clock played on past the end of the stopped wait (00:03.000): "
                    + "it is 00:04.000, nothing is left to continue\n"))
        run("continue")
        #expect(
            output.text.hasSuffix(
                "ERR vmsh: -c:1: no wait is stopped: a breakpoint stops a wait (break when ROW|NAME LANE EVENT)\n"))
    }

    @Test func aTargetOrLaneThatIsNotThereIsRefusedInOneLine() {
        let (transcript, _) = script(
            """
            break when nowhere metadata next
            break when 1 metdata next
            let a = marbles "a|"
            let m = a | map upper
            break when m nothing next
            break when play first next
            break when search searchTxt next
            breaks
            """)
        let errors = transcript.split(separator: "\n").filter { $0.hasPrefix("ERR") }.map(String.init)
        let expected: [String] = [
            "ERR vmsh: -c:1: nothing recorded for nowhere: name a row, search, play or a playground signal",
            "ERR vmsh: -c:2: no lane 'metdata' in row 1: its lanes are isVisible, hidden, filter(true), delay(1s), "
                + "takeUntil(hidden), flattenMap(metadata), favorites, comments, metadata",
            "ERR vmsh: -c:5: no lane 'nothing' in m: its lanes are a, map upper",
            "ERR vmsh: -c:6: nothing recorded for play: name a row, search, play or a playground signal",
            "ERR vmsh: -c:7: no lane 'searchTxt' in search: its lanes are searchText, isSearchValid, "
                + "command · executeSearch.enabled, executing, command · executing, command · errors, "
                + "command · connectionErrors, command · executionSignals, flickrSearchSignal",
        ]
        #expect(errors == expected)
        #expect(transcript.hasSuffix("> breaks\n[00:00.000] no breakpoints (break when ROW|NAME LANE EVENT [VALUE])\n"))
    }

    /// A value is matched as written, its spaces too.
    @Test func aBreakpointsValueKeepsItsSpaces() {
        let (transcript, _) = script(
            """
            break when search searchText next golden  gate
            breaks
            text golden gate
            text golden  gate
            """)
        #expect(transcript.contains("[00:00.000]   1  when search · searchText next golden  gate  (hit 0 times)"))
        let hits = transcript.split(separator: "\n").filter { $0.contains("] break 1 at") }
        #expect(hits.count == 1)
        #expect(hits.first?.contains("search · searchText: next golden  gate (event ") == true)
    }

    /// help says what the clock can do: it stops between timer actions, so a breakpoint stops
    /// after the action that delivered its event, and step shows the next recorded event,
    /// running the clock only when none is left (not "exactly one more event").
    @Test func helpSaysABreakpointStopsAfterTheActionAndStepShowsTheNextRecordedEvent() {
        let (transcript, _) = script("help break\nhelp step")
        let help = transcript.split(separator: "\n").map { $0.drop { $0 != " " }.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        #expect(help.contains("after the timer action that delivered an event of a lane"))
        #expect(help.contains("step shows the next recorded event, running the clock only when none is left"))
        #expect(help.contains("one that already happened, else run the clock to the next timer action"))
        #expect(!help.contains("one more event"))
    }
}
