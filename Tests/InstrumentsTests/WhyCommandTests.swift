import Reactive
import Shell
import ShellTestSupport
import TestSupport
import Testing
import ViewModels

/// `why` on the app and on the playground: each cause with its time, back to the command.
@MainActor
struct WhyCommandTests: FakeShellSuite {
    let fake = FakeShell()

    init() { fake.service.photoCount = 12 }

    @Test func theFixedPipelineGraphAndWhyTheCountsCame() {
        let (transcript, _) = script("\(quickScroll)\ngraph 1\nwhy 1 metadata\nwhy 1 delay(1s)\nwhy 1 metadata 2")
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
                [00:01.000] the playground signal m, its inputs and subscribers: 9
                [00:01.000]   subscriptions, 7 live
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

    /// Only a value that combines the latest of several sources (combineLatest) is said with the
    /// ones that did not cause it; a merge passes one source's value on, alone.
    @Test func onlyACombinedValueIsSaidWithItsOtherSources() {
        let (transcript, _) = script(
            """
            let a = marbles "a-b|"
            let b = marbles "-c--|"
            let m = a | merge b
            let c = a | combineLatest b
            subscribe m as merged
            subscribe c as combined
            wait 1s
            why m merge b 3
            why c combineLatest b 2
            """)
        #expect(
            section(transcript, from: "why m merge b 3") == """
                > why m merge b 3
                [00:01.000] 00:00.200 m · merge b: next b (event 28)
                [00:01.000]   ← 00:00.200 m · a: next b (event 27)
                [00:01.000]   ← 00:00.000 m · a: subscribed (event 11)
                [00:01.000]   ← 00:00.000 m · merge b: subscribed (event 10)
                [00:01.000]   ← 00:00.000 play · merged: subscribed (event 9)
                [00:01.000]   ← 00:00.000 #5 subscribe m as merged
                > why c combineLatest b 2
                [00:01.000] 00:00.200 c · combineLatest b: next (b, c) (event 31), with c · b: next c of 00:00.100
                [00:01.000]   ← 00:00.200 c · a: next b (event 30)
                [00:01.000]   ← 00:00.000 c · a: subscribed (event 18)
                [00:01.000]   ← 00:00.000 c · combineLatest b: subscribed (event 17)
                [00:01.000]   ← 00:00.000 play · combined: subscribed (event 16)
                [00:01.000]   ← 00:00.000 #6 subscribe c as combined

                """)
    }

    /// A value taken from data (a row's title, with an escape sequence in it) said "with" a
    /// combined value is made safe like the rest of the line, and the line is bounded.
    @Test func aWithFromDataIsSanitisedAndTheLineBounded() {
        let (transcript, _) = script(
            """
            search sunset
            wait 500ms
            let t = row 2 photo
            let b = marbles "-c|"
            let d = b | combineLatest t
            subscribe d as titled
            wait 1s
            why d combineLatest t 1
            """)
        let why = section(transcript, from: "why d combineLatest t 1").split(separator: "\n")
        #expect(why.count > 2)
        #expect(why[1].contains(", with d · t: next "), "the title is named as what the value was combined with")
        #expect(!why.contains { $0.unicodeScalars.contains { $0.value == 0x1B } }, "no escape reaches the terminal")
        #expect(why.allSatisfy { $0.count <= 14 + 200 }, "each line is bounded")
    }

    /// A chain longer than why follows says where it stopped and how to go on, not that its
    /// causes left the log (they are all there).
    @Test func aChainPastTheHopLimitSaysSo() {
        let log = shell.context.instrumentation.eventLog
        var number = log.record("x · s", .subscribed)
        for value in 1...600 {
            number = Cause.running(event: number) { log.record("x · s", .next("\(value)")) }
        }
        let (transcript, _) = script("why \(number)")
        let lines = section(transcript, from: "why \(number)").split(separator: "\n")
        #expect(lines.count == 1 + 500 + 1, "the command, 500 hops, the end")
        #expect(lines.last?.hasSuffix("  ← … why follows 500 causes at most: why \(number - 500) goes on") == true)
        #expect(!transcript.contains("left the log"))
    }
}
