import Playground
import Reactive
import Testing

/// `create "MARBLES"`: a signal of one's own whose disposable's block is seen running, on the
/// lane `play · NAME disposable`, whether the signal ended or its subscriber disposed.
@MainActor
struct CreateSignalTests {
    /// The events of the subscriber's lane and of the disposable's, in the order recorded.
    static func events(_ play: PlaygroundHarness, _ streams: [String]) -> [String] {
        play.log.events.filter { streams.contains($0.stream) }.map {
            "\($0.time.wholeMilliseconds) \($0.stream) \($0.kind)"
        }
    }

    @Test func theDisposableRunsOnceTheSignalCompletes() {
        let play = PlaygroundHarness()
        _ = play.take(["let own = create \"-a|\"", "subscribe own"])
        #expect(play.take(["wait 300"]) == ["100: own: a", "200: own: completed"])
        #expect(
            Self.events(play, ["play · own", "play · own disposable"]) == [
                "0 play · own subscribed", "0 play · own disposable subscribed", "100 play · own next(\"a\")",
                "200 play · own completed", "200 play · own disposable next(\"disposed\")",
                "200 play · own disposable completed",
            ])
    }

    @Test func theDisposableRunsWhenTheSubscriberDisposes() {
        let play = PlaygroundHarness()
        _ = play.take(["let own = create \"-a--b|\"", "subscribe own as o", "wait 200"])
        #expect(play.take(["dispose o", "wait 500"]) == ["200: disposed o"])
        #expect(
            Self.events(play, ["play · o", "play · own disposable"]) == [
                "0 play · o subscribed", "0 play · own disposable subscribed", "100 play · o next(\"a\")",
                "200 play · own disposable next(\"disposed\")", "200 play · own disposable completed",
                "200 play · o disposed",
            ])
    }

    @Test func createNeedsAMarbleString() {
        let play = PlaygroundHarness()
        #expect(
            play.take(["let own = create a"]) == [
                "0: error: column 18: expected a quoted marble string after create, such as \"--a--b|\", found 'a'"
            ])
    }
}
