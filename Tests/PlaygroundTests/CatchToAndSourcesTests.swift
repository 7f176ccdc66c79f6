import Playground
import Reactive
import Testing

/// RAC 2's -catchTo: takes a signal and subscribes it when the source fails; +empty, +never and
/// +error: are sources; [RACReplaySubject subject] replays everything.
@MainActor
struct CatchToAndSourcesTests {
    @Test func catchToSubscribesTheNamedSignalWhenTheSourceFails() {
        let play = PlaygroundHarness()
        _ = play.take([
            "let s = subject", "let alt = marbles \"-x-y|\"", "let safe = s | catchTo alt", "subscribe safe",
            "send s a", "wait 100", "fail s boom", "wait 500",
        ])
        #expect(
            play.lane("safe") == [
                "0 subscribed", "0 next(\"a\")", "200 next(\"x\")", "400 next(\"y\")", "500 completed",
            ])
    }

    @Test func catchToAnEmptySignalEndsQuietly() {
        // The book's catchTo:[RACSignal empty], four times.
        let play = PlaygroundHarness()
        #expect(
            play.take(["let e = empty", "let s = subject", "let quiet = s | catchTo e", "subscribe quiet", "fail s x"])
                == [
                    "0: e: signal", "0: s: subject (hot), 0 subscribed", "0: quiet: signal",
                    "0: subscribed quiet to quiet (lane play · quiet)", "0: quiet: completed",
                ])
    }

    @Test func catchToAValueIsRefusedInOneLine() {
        let play = PlaygroundHarness()
        #expect(
            play.take(["let s = subject", "let safe = s | catchTo 0"]).last
                == "0: error: column 24: catchTo takes a signal, as RAC 2's does, not the value '0': "
                + "define one (let v = sequence 0 | signal) and name it")
    }

    @Test func catchToALetterThatIsADefinedSignalSendsItsValuesNotTheLetter() {
        let play = PlaygroundHarness()
        _ = play.take(["let e = sequence 7 8 | signal", "let s = subject", "let r = s | catchTo e", "subscribe r"])
        _ = play.take(["fail s oops"])
        #expect(play.lane("r") == ["0 subscribed", "0 next(\"7\")", "0 next(\"8\")", "0 completed"])
    }

    @Test func neverAndErrorSources() {
        let play = PlaygroundHarness()
        _ = play.take(["let n = never", "let oops = error timeout", "subscribe n", "subscribe oops", "wait 1000"])
        #expect(play.lane("n") == ["0 subscribed"])
        #expect(play.lane("oops") == ["0 subscribed", "0 failed(\"timeout\")"])
    }

    @Test func aReplaySubjectWithoutCapacityReplaysEverything() {
        let play = PlaygroundHarness()
        #expect(
            play.take(["let r = replay-subject"]) == ["0: r: replay subject (hot), holds 0 (unlimited), 0 subscribed"])
        _ = play.take((1...5).map { "send r \($0)" } + ["subscribe r as late"])
        #expect(
            play.lane("late") == [
                "0 subscribed", "0 next(\"1\")", "0 next(\"2\")", "0 next(\"3\")", "0 next(\"4\")", "0 next(\"5\")",
            ])
    }
}
