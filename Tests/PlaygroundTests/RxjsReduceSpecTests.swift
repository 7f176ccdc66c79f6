import Playground
import Reactive
import Testing

/// rxjs's reduce cases (spec/operators/reduce-spec.ts) for the playground's `fold`, whose combine
/// can fail, which Reactive's cannot: RAC 2 has no failing aggregate, so rxjs is the reference.
/// The playground's marbles are 100 ms a frame; concat's seed is "" where rxjs's case uses "n".
@MainActor
struct RxjsReduceSpecTests {
    @Test("rxjs reduce: should raise error if reduce function throws with seed")
    func reduceShouldRaiseErrorIfReduceFunctionThrowsWithSeed() {
        let play = PlaygroundHarness()
        _ = play.take(["let r = marbles \"--a--b--|\" | fold sum", "subscribe r", "wait 1000"])
        #expect(play.lane("r") == ["0 subscribed", "200 failed(\"sum cannot take a\")"])
    }

    @Test("rxjs reduce: should reduce with seed")
    func reduceShouldReduceWithSeed() {
        let play = PlaygroundHarness()
        _ = play.take(["let r = marbles \"--a--b--|\" | fold concat", "subscribe r", "wait 1000"])
        #expect(play.lane("r") == ["0 subscribed", "800 next(\"ab\")", "800 completed"])
    }
}
