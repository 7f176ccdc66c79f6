import Playground
import Reactive
import Testing

/// Cold, hot, publish and replay in the playground: each lane's every event, in order, with its time.
@MainActor
struct HotAndColdTests {
    @Test func aMarbleSignalIsColdEachSubscriptionPlaysItFromItsStart() {
        let play = PlaygroundHarness()
        #expect(
            play.take([
                "let a = marbles \"-a-b|\"",
                "subscribe a as first",
                "wait 200",
                "subscribe a as second",
                "wait 1000",
            ]) == [
                "0: a: signal",
                "0: subscribed first to a (lane play · first)",
                "100: first: a",
                "200: subscribed second to a (lane play · second)",
                "300: first: b",
                "300: second: a",
                "400: first: completed",
                "500: second: b",
                "600: second: completed",
            ])
        #expect(play.lane("first") == ["0 subscribed", "100 next(\"a\")", "300 next(\"b\")", "400 completed"])
    }

    @Test func aSubjectIsHotALateSubscriberMissesWhatCameBefore() {
        let play = PlaygroundHarness()
        #expect(
            play.take([
                "let s = subject", "subscribe s as early", "send s 1", "subscribe s as late", "send s 2",
                "complete s", "send s 3",
            ]) == [
                "0: s: subject (hot), 0 subscribed",
                "0: subscribed early to s (lane play · early)",
                "0: early: 1",
                "0: subscribed late to s (lane play · late)",
                "0: early: 2",
                "0: late: 2",
                "0: early: completed",
                "0: late: completed",
            ])
    }

    @Test func aReplaySubjectGivesALateSubscriberItsLastValues() {
        let play = PlaygroundHarness()
        #expect(
            play.take([
                "let r = replay-subject 2", "send r a", "send r b", "send r c", "subscribe r as late", "fail r boom",
            ]) == [
                "0: r: replay subject (hot), holds 0 of 2, 0 subscribed",
                "0: subscribed late to r (lane play · late)",
                "0: late: b",
                "0: late: c",
                "0: late: error boom",
            ])
    }

    @Test func publishSharesOneRunFromConnectAndReplayGivesTheLateOneTheLast() {
        let play = PlaygroundHarness()
        let said = play.take([
            "let ticks = interval 100ms | take 4",
            "let p = ticks | publish",
            "let r = ticks | replay 1",
            "subscribe p as p1", "subscribe r as r1",
            "connect p", "connect r",
            "wait 250",
            "subscribe p as p2", "subscribe r as r2",
            "wait 300",
        ])
        #expect(
            said == [
                "0: ticks: signal",
                "0: p: publish, not connected",
                "0: r: replay 1, not connected",
                "0: subscribed p1 to p (lane play · p1)",
                "0: subscribed r1 to r (lane play · r1)",
                "0: p: connected",
                "0: r: connected",
                "100: p1: 0", "100: r1: 0",
                "200: p1: 1", "200: r1: 1",
                "250: subscribed p2 to p (lane play · p2)",
                "250: subscribed r2 to r (lane play · r2)",
                "250: r2: 1",
                "300: p1: 2", "300: p2: 2", "300: r1: 2", "300: r2: 2",
                // Each subject delivers to its subscribers in turn: the value to both, then the completion.
                "400: p1: 3", "400: p2: 3", "400: p1: completed", "400: p2: completed",
                "400: r1: 3", "400: r2: 3", "400: r1: completed", "400: r2: completed",
            ])
    }

    @Test func autoconnectStartsWithTheFirstAndStopsAfterTheLast() {
        let play = PlaygroundHarness()
        _ = play.take(["let shared = interval 100ms | publish | autoconnect", "subscribe shared as one", "wait 100"])
        #expect(
            play.take(["subscribe shared as two", "wait 100", "dispose one", "dispose two"]) == [
                "100: subscribed two to shared (lane play · two)",
                "200: one: 1", "200: two: 1",
                "200: disposed one", "200: disposed two",
            ])
        #expect(play.scheduler.pendingCount == 0)
        #expect(play.playground.liveEventCount == 0)
    }
}
