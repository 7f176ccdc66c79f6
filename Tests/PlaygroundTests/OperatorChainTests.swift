import Playground
import Reactive
import Testing

/// Operators chained with `|`, sequences pulled and signals pushed: every value, in order.
@MainActor
struct OperatorChainTests {
    @Test func aSequenceIsPulledOnlyAsFarAsAsked() {
        let play = PlaygroundHarness()
        #expect(
            play.take([
                "let xs = sequence 1 2 3 4 5 6", "let squares = xs | filter even | map *10",
                "head squares", "array squares", "let total = xs | fold sum", "array total",
            ]) == [
                "0: xs: sequence (pulled), 6 values",
                "0: squares: sequence (pulled), 6 values",
                "0: squares: 20 (read 2 of the source's 6)",
                "0: squares: [20, 40, 60] (read 6 of the source's 6)",
                "0: total: sequence (pulled), 6 values",
                "0: total: [21] (read 6 of the source's 6)",
            ])
    }

    @Test func aSequenceSubscribedPushesEverythingAtOnce() {
        let play = PlaygroundHarness()
        _ = play.take(["let xs = sequence a bb ccc | map length | scan sum", "subscribe xs"])
        #expect(play.lane("xs") == ["0 subscribed", "0 next(\"1\")", "0 next(\"3\")", "0 next(\"6\")", "0 completed"])
    }

    @Test func mapFilterTakeSkipAndDistinctOnASignal() {
        let play = PlaygroundHarness()
        let said = play.take([
            "let keys = marbles \"a-b-b-(cd)-e|\"",
            "let shown = keys | map upper | distinctUntilChanged | skip 1 | take 2",
            "subscribe shown", "wait 2000",
        ])
        #expect(
            said == [
                "0: keys: signal", "0: shown: signal", "0: subscribed shown to shown (lane play · shown)",
                "200: shown: B", "600: shown: C", "600: shown: completed",
            ])
    }

    @Test func combineLatestMergeAndSwitchToLatest() {
        let play = PlaygroundHarness()
        _ = play.take([
            "let a = subject", "let b = subject",
            "let both = a | combineLatest b | map and", "let either = a | merge b",
            "let outer = subject", "let latest = outer | switchToLatest",
            "subscribe both", "subscribe either", "subscribe latest",
        ])
        #expect(
            play.take([
                "send a true", "send b false", "send b true",
                "send outer signal a", "send a false", "send outer signal b", "send a true", "send b false",
            ]) == [
                // Each subject delivers in subscription order: both subscribed first, then either, then latest.
                "0: either: true", "0: both: false", "0: either: false", "0: both: true", "0: either: true",
                "0: both: false", "0: either: false", "0: latest: false",
                "0: both: true", "0: either: true",
                "0: both: false", "0: either: false", "0: latest: false",
            ])
    }

    @Test func timeOperatorsMoveValuesOnTheVirtualClock() {
        let play = PlaygroundHarness()
        _ = play.take([
            "let keys = marbles \"ab--c------d|\"",
            "let late = keys | delay 1s", "let calm = keys | debounce 300ms", "let rate = keys | throttleLeading 300ms",
            "subscribe late", "subscribe calm", "subscribe rate",
        ])
        #expect(
            play.take(["wait 3000"]).filter { !$0.contains("completed") } == [
                "300: rate: b", "600: rate: c", "700: calm: c", "1000: late: a",
                "1100: rate: d", "1100: late: b", "1200: calm: d", "1400: late: c", "2100: late: d",
            ])
    }

    @Test func catchToTakeUntilAndFlattenMap() {
        let play = PlaygroundHarness()
        _ = play.take([
            "let zero = sequence 0 | signal", "let s = subject", "let stop = subject",
            "let safe = s | catchTo zero | takeUntil stop",
            "let each = s | flattenMap stop", "subscribe safe", "subscribe each",
        ])
        #expect(
            play.take(["send s 1", "send stop x", "send s 2"]) == [
                "0: safe: 1", "0: safe: completed", "0: each: x",
            ])
        #expect(play.take(["fail s boom"]) == ["0: each: error boom"])
        let other = PlaygroundHarness()
        _ = other.take([
            "let zero = sequence 0 | signal", "let s = subject", "let safe = s | catchTo zero", "subscribe safe",
        ])
        #expect(other.take(["send s 5", "fail s boom"]) == ["0: safe: 5", "0: safe: 0", "0: safe: completed"])
    }

    @Test func aFunctionGivenTheWrongKindOfValueFailsTheStreamNotTheShell() {
        let play = PlaygroundHarness()
        _ = play.take(["let s = subject", "let up = s | map upper", "subscribe up"])
        #expect(play.take(["send s 3", "send s x"]) == ["0: up: error map upper cannot take 3"])
    }
}
