import Foundation
import ShellTestSupport
import TestSupport
import Testing

/// `marbles NAME` draws a playground signal's inputs beside its output; `marbles ROW --inputs`
/// draws the hide that ended or cancelled a row's wait.
@MainActor
struct InputLaneTests: FakeShellSuite {
    let fake = FakeShell()

    init() { fake.service.photoCount = 12 }

    /// The lines `marbles` printed after `command`, up to the next command, without the clock.
    func drawing(_ transcript: String, after command: String) -> [String] {
        let lines = transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "> " + command) else { return [] }
        return lines[(start + 1)...].prefix { !$0.hasPrefix("> ") && !$0.hasPrefix("ERR") }.map {
            $0.hasPrefix("[") ? String($0.dropFirst(12)) : $0
        }
    }

    /// Each lane's name and drawing, every value's symbol as `o` (which symbol a value takes is
    /// not what these tests are about), from the lines of one diagram.
    func lanes(_ lines: [String]) -> [(name: String, drawing: String)] {
        guard let ruler = lines.first(where: { $0.hasPrefix("time ") }),
            let column = ruler.dropFirst(4).firstIndex(where: { $0 != " " }).map({
                ruler.distance(from: ruler.startIndex, to: $0)
            })
        else { return [] }
        let body = lines.drop { !$0.hasPrefix("one column = ") }.dropFirst().filter { !$0.hasPrefix("  ") }
        return body.prefix { !$0.hasPrefix("time ") }.compactMap { line in
            let name = String(line.prefix(column)).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return nil }
            let drawing = line.dropFirst(column).map { "-|#! ()".contains($0) ? $0 : "o" }
            return (name, String(drawing))
        }
    }

    /// The symbol `value` is drawn as: itself when it is one character, else the one the key
    /// gives it ("k = value").
    func symbol(of value: String, in lines: [String]) -> Character? {
        if value.count == 1 { return value.first }
        let key = lines.drop { !$0.hasPrefix("key:") }.joined(separator: " ")
        guard let range = key.range(of: " = \(value),") ?? key.range(of: " = \(value)", options: .backwards),
            range.lowerBound > key.startIndex
        else { return nil }
        return key[key.index(before: range.lowerBound)]
    }

    @Test func takeUntilDrawsBothSubjectsSendsTheOperatorAndTheSubscriber() {
        let (transcript, status) = script(
            """
            let b = subject
            let t = subject
            let r = b | takeUntil t
            subscribe r
            wait 200ms
            send b x
            wait 300ms
            send b y
            wait 200ms
            send t stop
            wait 100ms
            send b z
            marbles r
            """)
        #expect(status == 0)
        let lines = drawing(transcript, after: "marbles r")
        #expect(lines.first == "one column = 100 ms from 0s to 0.8s")
        // The trigger's send at 0.7 s ends takeUntil there; b's send at 0.8 s reaches no one.
        #expect(
            lanes(lines).map { "\($0.name) \($0.drawing)" } == [
                "b sends --o--o--o", "t sends -------o-", "takeUntil t --o--o-|", "subscriber r --o--o-|",
            ])
        #expect(lines[2].hasSuffix("-------\(symbol(of: "stop", in: lines) ?? "?")-"))
        #expect(lines[1].hasSuffix("--\(symbol(of: "z", in: lines) ?? "?")"))
    }

    @Test func expectMarblesChecksAPlaygroundSignalsLanes() {
        let (transcript, status) = script(
            """
            let b = subject
            let t = subject
            let r = b | takeUntil t
            subscribe r
            wait 200ms
            send b x
            wait 300ms
            send b y
            send t stop
            expect-marbles r takeUntil t "--x--(y|)"
            expect-marbles r subscriber r "--x--(y|)"
            expect-marbles r b sends "--x--y"
            expect-marbles r subscriber r "--x-y|"
            expect-marbles r nothing "-"
            """)
        let errors = transcript.split(separator: "\n").filter { $0.hasPrefix("ERR") }
        // Only the wrong pattern fails, showing both lanes and a caret at the first difference.
        #expect(errors.count == 5)
        #expect(errors.first == "ERR vmsh: -c:13: subscriber r of r did not do that:")
        #expect(errors.dropFirst().first?.hasPrefix("ERR vmsh:   | expected  --x-y|") == true)
        #expect(errors.dropFirst(2).first == "ERR vmsh:   | actual    --x--(y|)")
        #expect(errors.dropFirst(3).first == "ERR vmsh:   |               ^")
        #expect(
            errors.last
                == "ERR vmsh: -c:14: no lane 'nothing' in r: its lanes are b sends, t sends, takeUntil t, subscriber r")
        #expect(status == 1)
    }

    @Test func mergeDrawsItsSourceTheOtherInputAndTheOutput() {
        let (transcript, status) = script(
            """
            let a = marbles "-a--b|"
            let c = marbles "--c|"
            let m = a | merge c
            subscribe m
            wait 1s
            marbles m
            """)
        #expect(status == 0)
        let lines = drawing(transcript, after: "marbles m")
        #expect(
            lanes(lines).map { "\($0.name) \($0.drawing)" } == [
                "a -o--o|", "c --o|", "merge c -oo-o|", "subscriber m -oo-o|",
            ])
        let c = symbol(of: "c", in: lines) ?? "?"
        #expect(lines.contains { $0.hasPrefix("c ") && $0.hasSuffix("--\(c)|") })
        #expect(
            lines.contains { $0.hasPrefix("merge c ") && $0.hasSuffix("\(c)-\(symbol(of: "b", in: lines) ?? "?")|") })
    }

    @Test func aLateSubscriberOfAReplayHearsReplaysMarkedAsSuch() {
        let (transcript, status) = script(
            """
            let s = replay-subject 2
            send s x
            send s y
            wait 300ms
            subscribe s as late
            wait 200ms
            send s z
            marbles s
            """)
        #expect(status == 0)
        let lines = drawing(transcript, after: "marbles s")
        #expect(lanes(lines).map(\.name) == ["s sends", "subscriber late"])
        // Both replayed values at the subscription (column 3), each a mark of its own.
        let late = lines.drop { !$0.hasPrefix("subscriber late") }.prefix(2).joined(separator: "\n")
        let replayX = symbol(of: "replay of x", in: lines)
        let replayY = symbol(of: "replay of y", in: lines)
        #expect(replayX != nil && replayY != nil)
        #expect(replayX != symbol(of: "x", in: lines) && replayY != symbol(of: "y", in: lines))
        #expect(late.contains(replayX ?? "?") && late.contains(replayY ?? "?"))
        // What the subscriber heard live is drawn as the value itself.
        #expect(
            lines.contains { $0.hasPrefix("subscriber late") && $0.hasSuffix("-\(symbol(of: "z", in: lines) ?? "?")") })
    }

    @Test func aLateSubscriberOfAnAutoconnectedReplayHearsTheSharedRunOnce() {
        let (transcript, status) = script(
            """
            let p = marbles "a-b-c|" | replay 1 | autoconnect
            subscribe p as early
            wait 300ms
            subscribe p as late
            wait 1s
            marbles p
            """)
        #expect(status == 0)
        let lines = drawing(transcript, after: "marbles p")
        #expect(
            lanes(lines).map { "\($0.name) \($0.drawing)" } == [
                "marbles o-o-o|", "subscriber early o-o-o|", "subscriber late    oo|",
            ])
        let replay = symbol(of: "replay of b", in: lines) ?? "?"
        #expect(
            lines.contains {
                $0.hasPrefix("subscriber late") && $0.contains("\(replay)\(symbol(of: "c", in: lines) ?? "?")|")
            })
    }

    @Test func eachInnerSignalOfFlattenMapIsItsOwnLane() {
        let (transcript, status) = script(
            """
            let u = interval 300ms | take 3
            let k = subject
            let f = k | flattenMap u
            subscribe f
            send k one
            wait 200ms
            send k two
            wait 1s
            marbles f
            """)
        #expect(status == 0)
        let lines = drawing(transcript, after: "marbles f")
        #expect(
            lanes(lines).map { "\($0.name) \($0.drawing)" } == [
                "k sends o-o-------   --   -", "u ---o--o--(o|)", "u#2   ---o--o-   -(o|)",
                "flattenMap u ---o-oo-oo   -o   -", "subscriber f ---o-oo-oo   -o   -",
            ])
    }

    @Test func marblesPlayStillDrawsOnlyTheSubscribers() {
        let (transcript, _) = script(
            """
            let b = subject
            let r = b | map upper
            subscribe r
            send b x
            marbles play
            """)
        let lines = drawing(transcript, after: "marbles play")
        #expect(lines.filter { !$0.hasPrefix("time") && $0.contains("  ") && !$0.hasPrefix(" ") }.count == 1)
        #expect(!transcript.contains("b sends"))
    }

    @Test func aNameWithNothingSubscribedSaysSo() {
        let (transcript, _) = script("let a = marbles \"-a|\"\nmarbles a")
        #expect(transcript.contains("ERR vmsh: -c:2: nothing recorded for a yet: subscribe a first"))
    }

    @Test func theOriginalPipelineDrawsTheHideThatEndedTakeUntilOnlyWhenAsked() {
        let (transcript, status) = script(
            """
            set pipeline original
            search sunset
            wait 500ms
            scroll down
            wait 200ms
            scroll up
            wait 3s
            marbles 1
            marbles 1 --inputs
            expect-marbles 1 hidden "-(f!)"
            """)
        #expect(status == 0)
        #expect(!drawing(transcript, after: "marbles 1").contains { $0.hasPrefix("hidden") })
        let inputs = drawing(transcript, after: "marbles 1 --inputs")
        // The hide ends takeUntil, which lets go of hidden at once.
        #expect(
            lanes(inputs).map { "\($0.name) \($0.drawing)" }.prefix(6) == [
                "isVisible oo   -o------------------------------", "hidden -(o!)", "filter(true) o!", "delay(1s) -!",
                "takeUntil(hidden) -|", "flattenMap(metadata) -|",
            ])
    }

    @Test func theDefaultPipelineDrawsTheHideThatCancelledTheWait() {
        let (transcript, status) = script(
            """
            search sunset
            wait 500ms
            scroll down
            wait 200ms
            scroll up
            wait 3s
            marbles 1 --inputs
            expect-marbles 1 delay(1s) "-!"
            expect-marbles 1 hidden "-f"
            """)
        #expect(status == 0)
        let inputs = drawing(transcript, after: "marbles 1 --inputs")
        // The hide at 0.1 s switched the wait (delay) to nothing: both in the same column.
        #expect(
            lanes(inputs).map { "\($0.name) \($0.drawing)" }.prefix(3) == [
                "isVisible oo-o----------   --   -   -----------------",
                "hidden -o------------   --   -   -----------------", "delay(1s) -!",
            ])
    }

    @Test func helpMarblesSaysHowToGetEachView() {
        let (transcript, _) = script("help marbles")
        for view in ["marbles ROW:", "marbles ROW --inputs:", "marbles search", "marbles play:", "marbles NAME:"] {
            #expect(transcript.contains(view), "help marbles names \(view)")
        }
    }
}
