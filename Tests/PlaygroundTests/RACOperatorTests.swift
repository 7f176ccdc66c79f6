import Playground
import Reactive
import Testing

/// RAC 2's other operators at the prompt, each on the virtual clock with every event asserted.
@MainActor
struct RACOperatorTests {
    @Test func doNextDoCompletedAndDoErrorSendIntoASubjectFirst() {
        let play = PlaygroundHarness()
        _ = play.take([
            "let log = subject", "let s = subject", "let seen = s | doNext log | doCompleted log",
            "let noted = s | doError log", "subscribe log", "subscribe seen", "subscribe noted",
        ])
        #expect(
            play.take(["send s a", "complete s"]) == [
                "0: log: a", "0: seen: a", "0: noted: a", "0: log: completed", "0: seen: completed",
                "0: noted: completed",
            ])
        #expect(
            play.take(["let x = s | doNext seen"]) == [
                "0: error: column 13: doNext sends into a subject (let seen = subject); seen is not one"
            ])
    }

    @Test func ignoreReduceEachStartWithScanWithStartAndFoldLeftWithStart() {
        let play = PlaygroundHarness()
        _ = play.take([
            "let a = subject", "let b = subject", "let sums = a | combineLatest b | reduceEach sum | startWith 0",
            "let kept = a | ignore 2 | scanWithStart 10 sum", "subscribe sums", "subscribe kept",
            "let words = sequence a b c | foldLeftWithStart \"\" concat",
        ])
        #expect(
            play.take(["send a 1", "send b 5", "send a 2", "array words"]) == [
                "0: kept: 11", "0: sums: 6", "0: sums: 7", "0: words: [abc] (read 3 of the source's 3)",
            ])
        #expect(play.lane("sums") == ["0 subscribed", "0 next(\"0\")", "0 next(\"6\")", "0 next(\"7\")"])
    }

    @Test func concatThenAndSample() {
        let play = PlaygroundHarness()
        _ = play.take([
            "let m = marbles \"-a|\"", "let n = marbles \"-b|\"", "let both = m | concat n", "let after = m | then n",
            "let tick = marbles \"--x--x|\"", "let last = m | sample tick",
            "subscribe both", "subscribe after", "subscribe last", "wait 1000",
        ])
        #expect(play.lane("both") == ["0 subscribed", "100 next(\"a\")", "300 next(\"b\")", "400 completed"])
        #expect(play.lane("after") == ["0 subscribed", "300 next(\"b\")", "400 completed"])
        // sample completes when its source does (RAC 2's -sample:), before the second tick.
        #expect(play.lane("last") == ["0 subscribed", "200 completed"])
    }

    @Test func retrySubscribesAgainNTimesThenLetsTheErrorThrough() {
        let play = PlaygroundHarness()
        _ = play.take(["let m = marbles \"-a#\"", "let again = m | retry 2", "subscribe again", "wait 1000"])
        #expect(
            play.lane("again") == [
                "0 subscribed", "100 next(\"a\")", "300 next(\"a\")", "500 next(\"a\")", "600 failed(\"error\")",
            ])
        // Without a count, for ever: past a thousand failures over time, until take has its values.
        _ = play.take(["let late = m | retry | skip 1000 | take 2", "subscribe late", "wait 1000000"])
        #expect(
            play.lane("late") == [
                "1000 subscribed", "201100 next(\"a\")", "201300 next(\"a\")", "201300 completed",
            ])
        // A source failing as it is subscribed would loop at one instant: stopped in one line.
        _ = play.take(["let oops = error x", "let forever = oops | retry", "subscribe forever"])
        #expect(
            play.lane("forever") == [
                "1001000 subscribed",
                "1001000 failed(\"retry subscribed 1000 times at one instant: RAC 2 would loop for ever here\")",
            ])
        // A take downstream ends the retrying once it has its values.
        _ = play.take(["let blip = marbles \"a#\"", "let two = blip | retry | take 2", "subscribe two", "wait 500"])
        #expect(
            play.lane("two") == [
                "1001000 subscribed", "1001000 next(\"a\")", "1001100 next(\"a\")", "1001100 completed",
            ])
        // A source that fails a millisecond after each subscription loops as long as the clock
        // runs: stopped after 10,000 tries in all, 10 s later, however long the wait.
        _ = play.take(["let slow = never | timeout 1ms | retry", "subscribe slow", "wait 86400000"])
        #expect(
            play.lane("slow") == [
                "1001500 subscribed",
                "1011500 failed(\"retry subscribed 10000 times in all: RAC 2 would go on for ever\")",
            ])
    }

    @Test func retriesNestedInRetriesShareOneBoundASession() {
        // A million subscriptions: each round is 1001 tries of the inner (1 ms each), 1000 of them
        // retries, and 1 retry of the outer, so the session's 100,001st retry comes at 100.001 s.
        let play = PlaygroundHarness()
        _ = play.take([
            "let nested = never | timeout 1ms | retry 1000 | retry 1000", "subscribe nested", "wait 86400000",
        ])
        #expect(
            play.lane("nested") == [
                "0 subscribed", "100001 failed(\"retries subscribed again 100000 times: the most a session makes\")",
            ])
    }

    @Test func materializeDematerializeTimeoutAndBufferWithTime() {
        let play = PlaygroundHarness()
        _ = play.take([
            "let m = marbles \"-a-b#\"", "let events = m | materialize", "let back = events | dematerialize",
            "let slow = marbles \"---a|\"", "let quick = slow | timeout 200ms",
            "let batches = m | bufferWithTime 250ms",
            "subscribe events", "subscribe back", "subscribe quick", "subscribe batches", "wait 1000",
        ])
        #expect(
            play.lane("events") == [
                "0 subscribed", "100 next(\"next(a)\")", "300 next(\"next(b)\")", "400 next(\"error(error)\")",
                "400 completed",
            ])
        #expect(play.lane("back") == ["0 subscribed", "100 next(\"a\")", "300 next(\"b\")", "400 failed(\"error\")"])
        #expect(play.lane("quick") == ["0 subscribed", "200 failed(\"timed out\")"])
        #expect(play.lane("batches") == ["0 subscribed", "350 next(\"(a, b)\")", "400 failed(\"error\")"])
    }

    @Test func replayLastConnectsAtOnceAndBehaviorSubjectGivesItsLatest() {
        let play = PlaygroundHarness()
        _ = play.take([
            "let s = subject", "let last = s | replayLast", "send s 1", "send s 2", "subscribe last",
            "let lazy = s | replayLazily", "send s 3", "subscribe lazy", "send s 4",
            "let bs = behavior-subject 0", "subscribe bs as first", "send bs 5", "complete bs", "subscribe bs as late",
        ])
        #expect(play.lane("last") == ["0 subscribed", "0 next(\"2\")", "0 next(\"3\")", "0 next(\"4\")"])
        #expect(play.lane("lazy") == ["0 subscribed", "0 next(\"4\")"])
        #expect(play.lane("first") == ["0 subscribed", "0 next(\"0\")", "0 next(\"5\")", "0 completed"])
        // RACBehaviorSubject replays its latest value, never its end.
        #expect(play.lane("late") == ["0 subscribed", "0 next(\"5\")"])
    }
}
