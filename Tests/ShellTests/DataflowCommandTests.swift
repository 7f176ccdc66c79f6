import Foundation
import PhotoModel
import Reactive
import TestSupport
import Testing

@testable import Shell

/// `graph`, `why`, the breakpoints and `leaks` in transcripts, on the app and on the playground:
/// each the same bytes on every run.
@MainActor
struct DataflowCommandTests: FakeShellSuite {
    let fake = FakeShell()

    init() { fake.service.photoCount = 12 }

    /// The transcript from the line echoing `command` up to the one echoing `end`.
    func section(_ transcript: String, from command: String, to end: String? = nil) -> String {
        guard let start = transcript.range(of: "> \(command)\n") else { return "(no \(command))" }
        let rest = transcript[start.lowerBound...]
        guard let end, let stop = rest.range(of: "> \(end)\n") else { return String(rest) }
        return String(rest[..<stop.lowerBound])
    }

    static let quickScroll = "search sunset\nwait 500ms\nscroll down\nwait 200ms\nscroll up\nwait 2s"

    @Test func theOriginalPipelineGraphShowsNothingListensOnceTheHideEndedIt() {
        let (transcript, _) = script("set pipeline original\n\(Self.quickScroll)\ngraph 1\nwhy 1 takeUntil(hidden)")
        // The first hide completed takeUntil: nothing listens to isVisible, so the show at 0.7 s is lost.
        #expect(
            section(transcript, from: "graph 1") == """
                > graph 1
                [00:02.700] row 1 "Photo 1" of "sunset", pipeline original: 4 subscriptions, 1 live
                [00:02.700] takeUntil(hidden)  completed at 00:00.500
                [00:02.700] ├─ hidden  cancelled at 00:00.500
                [00:02.700] │  └─ isVisible  live, 0 subscribers
                [00:02.700] └─ delay(1s)  cancelled at 00:00.500
                [00:02.700]    └─ isVisible  (above)
                > why 1 takeUntil(hidden)
                [00:02.700] 00:00.500 row 1 · takeUntil(hidden): completed (event 87)
                [00:02.700]   ← 00:00.500 row 1 · hidden: next false (event 84)
                [00:02.700]   ← 00:00.500 row 1 · isVisible: next false (event 83)
                [00:02.700]   ← 00:00.500 #4 scroll down

                """)
    }

    @Test func theFixedPipelineGraphAndWhyTheCountsCame() {
        let (transcript, _) = script("\(Self.quickScroll)\ngraph 1\nwhy 1 metadata\nwhy 1 delay(1s)\nwhy 1 metadata 2")
        // The counts came from the later call, the wait the second show started, and that show.
        #expect(
            section(transcript, from: "graph 1") == """
                > graph 1
                [00:02.700] row 1 "Photo 1" of "sunset", pipeline fixed: 7 subscriptions, 2 live
                [00:02.700] hidden  live
                [00:02.700] └─ isVisible  live, 1 subscriber
                [00:02.700] delay(1s)  cancelled at 00:00.500
                [00:02.700] └─ isVisible  (above)
                [00:02.700] metadata  completed at 00:02.000
                [00:02.700] ├─ delay(1s)#2  completed at 00:01.700
                [00:02.700] │  └─ isVisible  (above)
                [00:02.700] ├─ favorites  completed at 00:01.900
                [00:02.700] └─ comments  completed at 00:02.000
                > why 1 metadata
                [00:02.700] 00:02.000 row 1 · metadata: next 40/7 (event 192), with row 1 · favorites: next 40 of 00:01.900
                [00:02.700]   ← 00:02.000 row 1 · comments: next 7 (event 191)
                [00:02.700]   ← 00:01.700 row 1 · comments: subscribed (event 149)
                [00:02.700]   ← 00:01.700 row 1 · metadata: subscribed (event 147)
                [00:02.700]   ← 00:01.700 row 1 · delay(1s): completed (event 146)
                [00:02.700]   ← 00:00.700 row 1 · delay(1s): subscribed (event 86)
                [00:02.700]   ← 00:00.700 row 1 · isVisible: next true (event 85)
                [00:02.700]   ← 00:00.700 #5 scroll up
                > why 1 delay(1s)
                [00:02.700] 00:00.500 row 1 · delay(1s): disposed (cancelled) (event 69)
                [00:02.700]   ← 00:00.500 row 1 · hidden: next false (event 68)
                [00:02.700]   ← 00:00.500 row 1 · isVisible: next false (event 67)
                [00:02.700]   ← 00:00.500 #3 scroll down
                > why 1 metadata 2
                [00:02.700] 00:02.000 row 1 · metadata: completed (event 194)
                [00:02.700]   ← 00:02.000 row 1 · comments: completed (event 193)
                [00:02.700]   ← 00:01.700 row 1 · comments: subscribed (event 149)
                [00:02.700]   ← 00:01.700 row 1 · metadata: subscribed (event 147)
                [00:02.700]   ← 00:01.700 row 1 · delay(1s): completed (event 146)
                [00:02.700]   ← 00:00.700 row 1 · delay(1s): subscribed (event 86)
                [00:02.700]   ← 00:00.700 row 1 · isVisible: next true (event 85)
                [00:02.700]   ← 00:00.700 #5 scroll up

                """)
    }

    @Test func aColdFetchIsTwoOfEachCallASharedOneIsOneWithTwoSubscribers() {
        let (transcript, _) = script(
            "search sunset\nwait 500ms\nfetch 3 2 cold\ngraph 3\nwait 1s\nfetch 3 2 shared\ngraph 3\nquit")
        // Cold: a metadata signal and its two calls per subscriber. Shared: one for both (metadata#4).
        #expect(
            section(transcript, from: "fetch 3 2 cold", to: "quit") == """
                > fetch 3 2 cold
                [00:00.500] 2 subscribers to row 3's cold metadata signal
                > graph 3
                [00:00.500] row 3 "Photo 3" of "sunset", pipeline fixed: 11 subscriptions, 11 live
                [00:00.500] hidden  live
                [00:00.500] └─ isVisible  live, 1 subscriber
                [00:00.500] delay(1s)  live
                [00:00.500] └─ isVisible  (above)
                [00:00.500] subscriber 1  live
                [00:00.500] └─ metadata  live, 1 subscriber
                [00:00.500]    ├─ favorites  live, 1 subscriber
                [00:00.500]    └─ comments  live, 1 subscriber
                [00:00.500] subscriber 2  live
                [00:00.500] └─ metadata#2  live, 1 subscriber
                [00:00.500]    ├─ favorites#2  live, 1 subscriber
                [00:00.500]    └─ comments#2  live, 1 subscriber
                > wait 1s
                [00:00.800]   subscriber 1: 40 favorites, 7 comments
                [00:00.800]   subscriber 2: 40 favorites, 7 comments
                > fetch 3 2 shared
                [00:01.500] 2 subscribers to row 3's shared metadata signal
                > graph 3
                [00:01.500] row 3 "Photo 3" of "sunset", pipeline fixed: 19 subscriptions, 10 live
                [00:01.500] hidden  live
                [00:01.500] └─ isVisible  live, 1 subscriber
                [00:01.500] subscriber 1  completed at 00:00.800
                [00:01.500] └─ metadata  completed at 00:00.800
                [00:01.500]    ├─ favorites  completed at 00:00.700
                [00:01.500]    └─ comments  completed at 00:00.800
                [00:01.500] subscriber 2  completed at 00:00.800
                [00:01.500] └─ metadata#2  completed at 00:00.800
                [00:01.500]    ├─ favorites#2  completed at 00:00.700
                [00:01.500]    └─ comments#2  completed at 00:00.800
                [00:01.500] metadata#3  live
                [00:01.500] ├─ delay(1s)  completed at 00:01.400
                [00:01.500] │  └─ isVisible  (above)
                [00:01.500] ├─ favorites#3  live, 1 subscriber
                [00:01.500] └─ comments#3  live, 1 subscriber
                [00:01.500] subscriber 1#2  live
                [00:01.500] └─ metadata#4  live, 2 subscribers
                [00:01.500]    ├─ favorites#4  live, 1 subscriber
                [00:01.500]    └─ comments#4  live, 1 subscriber
                [00:01.500] subscriber 2#2  live
                [00:01.500] └─ metadata#4  (above)

                """)
    }

    @Test func thePlaygroundsGraphAndWhy() {
        let (transcript, _) = script(
            """
            let a = marbles "--a--b|"
            let s = subject
            let m = a | merge s | map upper
            subscribe m as first
            subscribe m as second
            send s x
            wait 1s
            graph m
            graph play
            why m map upper 2
            why play second 3
            why play first 1
            """)
        // Marbles are cold: a per subscriber. The subject is hot: one sends lane, read by both.
        #expect(
            section(transcript, from: "graph m", to: "why play first 1") == """
                > graph m
                [00:01.000] the playground signal m, its inputs and subscribers: 9 subscriptions, 7 live
                [00:01.000] subscriber first  live
                [00:01.000] └─ map upper  live, 1 subscriber
                [00:01.000]    └─ merge s  live, 1 subscriber
                [00:01.000]       ├─ s sends  live, 2 subscribers
                [00:01.000]       └─ a  completed at 00:00.600
                [00:01.000] subscriber second  live
                [00:01.000] └─ map upper#2  live, 1 subscriber
                [00:01.000]    └─ merge s#2  live, 1 subscriber
                [00:01.000]       ├─ s sends  (above)
                [00:01.000]       └─ a#2  completed at 00:00.600
                > graph play
                [00:01.000] the streams of play: 2 subscriptions, 2 live
                [00:01.000] first  live
                [00:01.000] second  live
                > why m map upper 2
                [00:01.000] 00:00.200 m · map upper: next A (event 27)
                [00:01.000]   ← 00:00.200 m · merge s: next a (event 26)
                [00:01.000]   ← 00:00.200 m · a: next a (event 25)
                [00:01.000]   ← 00:00.000 m · a: subscribed (event 13)
                [00:01.000]   ← 00:00.000 m · merge s: subscribed (event 12)
                [00:01.000]   ← 00:00.000 m · map upper: subscribed (event 11)
                [00:01.000]   ← 00:00.000 play · first: subscribed (event 10)
                [00:01.000]   ← 00:00.000 #4 subscribe m as first
                > why play second 3
                [00:01.000] 00:00.500 play · second: next B (event 40)
                [00:01.000]   ← 00:00.500 m · map upper#2: next B (event 39)
                [00:01.000]   ← 00:00.500 m · merge s#2: next b (event 38)
                [00:01.000]   ← 00:00.500 m · a#2: next b (event 37)
                [00:01.000]   ← 00:00.000 m · a#2: subscribed (event 17)
                [00:01.000]   ← 00:00.000 m · merge s#2: subscribed (event 16)
                [00:01.000]   ← 00:00.000 m · map upper#2: subscribed (event 15)
                [00:01.000]   ← 00:00.000 play · second: subscribed (event 14)
                [00:01.000]   ← 00:00.000 #5 subscribe m as second

                """)
        let sent = section(transcript, from: "why play first 1")
        #expect(sent.contains("← 00:00.000 s · sends: next x"), "a send is the cause of what it set going")
        #expect(sent.contains("← 00:00.000 #6 send s x"))
    }

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
                [00:00.000] isSearchValid = true
                [00:00.000] searchText = "sunset"
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
                [00:01.600] step: 00:01.600 row 3 · favorites: next 40 (event 121)
                > step
                [00:01.600] step: 00:01.600 row 3 · favorites: completed (event 122)
                > continue
                [00:01.700] break 1 at 00:01.700: row 1 · metadata: next 40/7 (event 138)
                [00:01.700] row 1 "Photo 1": 40 favorites, 7 comments
                [00:01.700] the clock stopped at 00:01.700 with 00:01.300 of the wait left: step, continue, why 138
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
                [00:01.700] step: 00:01.700 row 1 · comments: completed (event 139)
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

    @Test func continueAfterAPlayingClockPassedTheStoppedWaitSaysSo() {
        run("break when 1 metadata next\nsearch sunset\nwait 3s")
        #expect(output.text.contains("the clock stopped at 00:01.700 with 00:01.300 of the wait left"))
        // What `clock play` does while the prompt waits: the virtual time catches up with real time.
        shell.clock.advance(to: .seconds(4))
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

    @Test func leaksListsTheLiveSubscriptionsByCommand() {
        let (transcript, status) = script(
            """
            search sunset
            wait 2s
            leaks
            back
            leaks
            expect-no-leaks
            let t = interval 1s
            subscribe t as ticks
            leaks
            expect-no-leaks
            dispose ticks
            expect-no-leaks
            """)
        // After back, only the search screen's own, made at the start; the playground's lane names its command.
        #expect(
            section(transcript, from: "leaks") == """
                > leaks
                [00:02.000] 20 live subscriptions, by the command that made them
                [00:02.000]   the session's start
                [00:02.000]        1  search · searchText
                [00:02.000]        1  search · isSearchValid
                [00:02.000]        1  command · executeSearch.enabled
                [00:02.000]        1  search · executing
                [00:02.000]        1  command · executing
                [00:02.000]        1  command · errors
                [00:02.000]        1  command · connectionErrors
                [00:02.000]        1  command · executionSignals
                [00:02.000]   #1 search sunset
                [00:02.000]       12  row N · isVisible
                > back
                [00:02.000] pop SearchResultsViewModel "sunset"
                [00:02.000] Flickr Search
                [00:02.000]   searchText "sunset" (valid)
                [00:02.000]   recent searches:
                [00:02.000]   1  "sunset" · 120 photos · first "Photo 1"
                > leaks
                [00:02.000] 8 live subscriptions, by the command that made them
                [00:02.000]   the session's start
                [00:02.000]        1  search · searchText
                [00:02.000]        1  search · isSearchValid
                [00:02.000]        1  command · executeSearch.enabled
                [00:02.000]        1  search · executing
                [00:02.000]        1  command · executing
                [00:02.000]        1  command · errors
                [00:02.000]        1  command · connectionErrors
                [00:02.000]        1  command · executionSignals
                > expect-no-leaks
                > let t = interval 1s
                [00:02.000] t: signal
                > subscribe t as ticks
                [00:02.000] subscribed ticks to t (lane play · ticks)
                > leaks
                [00:02.000] 9 live subscriptions, by the command that made them
                [00:02.000]   the session's start
                [00:02.000]        1  search · searchText
                [00:02.000]        1  search · isSearchValid
                [00:02.000]        1  command · executeSearch.enabled
                [00:02.000]        1  search · executing
                [00:02.000]        1  command · executing
                [00:02.000]        1  command · errors
                [00:02.000]        1  command · connectionErrors
                [00:02.000]        1  command · executionSignals
                [00:02.000]   #5 subscribe t as ticks
                [00:02.000]        1  play · ticks
                > expect-no-leaks
                ERR vmsh: -c:10: 1 subscription made by commands still live:
                ERR vmsh:   |   #5 subscribe t as ticks
                ERR vmsh:   |        1  play · ticks
                > dispose ticks
                [00:02.000] disposed ticks
                > expect-no-leaks

                """)
        #expect(status == 1, "the expectation with a live subscription failed")
    }

    @Test func mistakesAreOneLineAndChangeNothing() {
        let (transcript, _) = script(
            """
            why 1 metadata
            graph 1
            why 99999
            continue
            break when 1 metadata
            break clear 7
            search sunset
            wait 500ms
            why 1 nothing
            why 1 delay(1s) 5
            graph nowhere
            """)
        let errors = transcript.split(separator: "\n").filter { $0.hasPrefix("ERR") }
        #expect(
            errors == [
                "ERR vmsh: -c:1: a row number names a row of the results list on top; search first",
                "ERR vmsh: -c:2: a row number names a row of the results list on top; search first",
                "ERR vmsh: -c:3: no event 99999: the events are numbered 1 to 8, and the log keeps the newest",
                "ERR vmsh: -c:4: no wait is stopped: a breakpoint stops a wait (break when ROW|NAME LANE EVENT)",
                "ERR vmsh: -c:5: break needs a lane and an event: break when ROW|NAME LANE EVENT [VALUE], "
                    + "e.g. break when 1 metadata next",
                "ERR vmsh: -c:6: no breakpoint 7: see breaks",
                "ERR vmsh: -c:9: no lane 'nothing' in row 1: its lanes are isVisible, hidden, delay(1s)",
                "ERR vmsh: -c:10: row 1 delay(1s) has drawn nothing yet",
                "ERR vmsh: -c:11: nothing recorded for nowhere: name a row, search, play or a playground signal",
            ])
        #expect(fake.shell.context.session.breaks.list.isEmpty, "no breakpoint was added")
    }

    @Test func theSameScriptGivesTheSameBytesTwice() {
        let lines = """
            break when 3 favorites next
            let s = subject
            let m = s | map upper
            subscribe m as lane
            search sunset
            wait 2s
            send s q
            why 3 favorites
            step
            continue
            fetch 3 2 shared
            graph 3
            graph m
            why play lane 1
            leaks
            """
        let first = FakeShell()
        first.service.photoCount = 12
        let second = FakeShell()
        second.service.photoCount = 12
        let runs = [first, second].map { fake in
            let runner = ScriptRunner(shell: fake.shell, echo: true, bail: false)
            _ = runner.run(.commands(lines.split(separator: "\n").map(String.init)))
            _ = runner.finish()
            return fake.output.text
        }
        #expect(runs[0] == runs[1])
        #expect(runs[0].contains("break 1 at 00:01.600: row 3 · favorites: next 40"))
        #expect(runs[0].contains("#7 send s q"))
    }

    @Test func theGraphAsDOTAndSVGFilesAndAsAFigureOfThePage() throws {
        let folder = NSTemporaryDirectory() + "vmsh-graph-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let foreign = folder + "/notes.dot"
        try "my notes\n".write(toFile: foreign, atomically: true, encoding: .utf8)
        let (transcript, _) = script(
            """
            search sunset
            wait 2s
            graph 1 --dot \(folder)/row.dot --svg \(folder)/row.svg
            graph 1 --dot \(folder)/row.dot
            graph 1 --dot \(foreign)
            export html \(folder)/page.html
            """)
        let dot = try String(contentsOfFile: folder + "/row.dot", encoding: .utf8)
        #expect(dot.hasPrefix("// vmsh graph\ndigraph dataflow {\n"))
        #expect(dot.contains("[label=\"metadata\\ncompleted at 00:01.700\", style=\"rounded,dashed\", color=gray40];"))
        #expect(dot.contains("n0 -> n1;"), "isVisible is read by hidden")
        let svg = try String(contentsOfFile: folder + "/row.svg", encoding: .utf8)
        #expect(svg.hasPrefix("<!-- vmsh graph -->\n<svg "))
        #expect(svg.components(separatedBy: "<g class=\"node\"").count - 1 == 6, "six subscriptions, six boxes")
        #expect(svg.contains("<title>row 1 &quot;Photo 1&quot; of &quot;sunset&quot;, pipeline fixed</title>"))
        #expect(try String(contentsOfFile: foreign, encoding: .utf8) == "my notes\n", "another program's file is kept")
        #expect(
            transcript.contains(
                "ERR vmsh: -c:5: \(foreign) exists and was not written by graph --dot: choose another name"))
        let page = try String(contentsOfFile: folder + "/page.html", encoding: .utf8)
        #expect(page.contains("<code>graph 1</code></figcaption>"))
        #expect(page.components(separatedBy: "<g class=\"node\"").count - 1 == 6, "drawn once, then referred to")
        #expect(page.contains("The same diagram as figure 1 (graph 1)."))
        #expect(transcript.contains("wrote the session and 3 diagrams to"))
    }

    @Test func traceNumberedGivesTheNumbersWhyTakes() {
        let (transcript, status) = script("trace numbered row 1 · delay\nsearch sunset\nwait 2s\ntrace off\nwhy 33")
        let traced = transcript.split(separator: "\n").filter { $0.hasPrefix("[") && $0.contains(" trace ") }
        #expect(
            traced == [
                "[00:00.000] trace on, numbered (streams named with \"row 1 · delay\")",
                "[00:00.400] trace 33 row 1 · delay(1s): subscribed",
                "[00:01.400] trace 67 row 1 · delay(1s): next fired",
                "[00:01.400] trace 68 row 1 · delay(1s): completed",
                "[00:02.000] trace off",
            ])
        #expect(transcript.contains("[00:02.000] 00:00.400 row 1 · delay(1s): subscribed (event 33)\n"))
        #expect(status == 0)
    }

    /// The clock stops after the timer that sent the event, so what that timer delivered further
    /// (early: C) is printed before the step that names its first event.
    @Test func aBreakpointOnAPlaygroundLaneStopsThereAndStepRunsOneMoreEvent() {
        let (transcript, status) = script(
            """
            let a = marbles "--a--b--c|"
            let m = a | map upper
            break when m map upper next B
            break when play early completed
            subscribe m as early
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
                [00:00.500] the clock stopped at 00:00.500 with 00:01.500 of the wait left: step, continue, why 16
                > step
                [00:00.500] step: 00:00.500 play · early: next B (event 17)
                > step
                [00:00.800] early: C
                [00:00.800] step: 00:00.800 m · a: next c (event 18)
                > step
                [00:00.800] step: 00:00.800 m · map upper: next C (event 19)
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

    @Test func aSubjectIsDrawnUnderWhatReadsItBeforeItSentAnything() {
        let (transcript, _) = script("let s = subject\nlet m = s | map upper\nsubscribe m as first\ngraph m")
        #expect(
            section(transcript, from: "graph m") == """
                > graph m
                [00:00.000] the playground signal m, its inputs and subscribers: 3 subscriptions, 3 live
                [00:00.000] subscriber first  live
                [00:00.000] └─ map upper  live, 1 subscriber
                [00:00.000]    └─ s sends  live, 1 subscriber

                """)
    }

    @Test func theSearchGraphDrawsTheOutputsUnderWhatTheyAreWorkedOutFrom() {
        let (transcript, _) = script("search sunset\nwait 500ms\ngraph search\nquit")
        // isSearchValid is bound from searchText and enabled worked out from both (the declared
        // outputs); executing and the run heard the search call's end (the recording).
        #expect(
            section(transcript, from: "graph search", to: "quit") == """
                > graph search
                [00:00.500] the search's dataflow: 10 subscriptions, 8 live
                [00:00.500] command · executeSearch.enabled  live, 1 subscriber
                [00:00.500] ├─ isSearchValid  live, 3 subscribers
                [00:00.500] │  └─ searchText  live, 3 subscribers
                [00:00.500] ├─ executing  live, 3 subscribers
                [00:00.500] │  └─ flickrSearchSignal  completed at 00:00.400
                [00:00.500] └─ flickrSearchSignal  (above)
                [00:00.500] command · executing  live, 3 subscribers
                [00:00.500] └─ flickrSearchSignal  (above)
                [00:00.500] command · errors  live
                [00:00.500] command · connectionErrors  live
                [00:00.500] command · executionSignals  live
                [00:00.500] command · execution 1  completed at 00:00.400
                [00:00.500] └─ flickrSearchSignal  (above)

                """)
    }
}
