import MarbleNotation
import Playground
import Testing

/// A playground source is read by the same marble parser as `expect-marbles`: spaces and time
/// literals mean the same, and each event comes at the time the parser gives it.
@MainActor
struct MarbleSourceTests {
    @Test func aSourceWithSpacesAndTimeLiteralsPlaysAtTheParsersTimes() throws {
        let marbles = "a 1s 1 2h (b|)"
        let play = PlaygroundHarness()
        #expect(
            play.take(["let a = marbles \"\(marbles)\"", "subscribe a as first", "wait 7300000"]) == [
                "0: a: signal",
                "0: subscribed first to a (lane play · first)",
                "0: first: a",
                "1100: first: 1",
                "7201200: first: b",
                "7201200: first: completed",
            ])
        let parsed = try MarbleNotation.parse(marbles).map { "\(Int($0.time / .milliseconds(1)))" }
        let played = play.lane("first").dropFirst().map { String($0.prefix { $0 != " " }) }
        #expect(played == parsed)
    }

    @Test func aSourceWithoutSpacesIsReadAsBefore() {
        let play = PlaygroundHarness()
        #expect(
            play.take(["let a = marbles \"-1(2a)--#\"", "subscribe a as first", "wait 1000"]) == [
                "0: a: signal",
                "0: subscribed first to a (lane play · first)",
                "100: first: 1",
                "200: first: 2",
                "200: first: a",
                "500: first: error error",
            ])
    }
}
