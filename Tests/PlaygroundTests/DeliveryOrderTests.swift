import Testing

/// The order of events at one instant, as RAC 2 (and rxjs) deliver them: synchronously, to each
/// subscriber in turn, depth first.
@MainActor
struct DeliveryOrderTests {
    @Test func aMergeOfASubjectAndItsPublishedMapHearsTheMappedValueFirst() {
        let play = PlaygroundHarness()
        _ = play.take([
            "let s = subject", "let p = s | map upper | publish", "connect p", "let r = s | merge p",
            "subscribe r as out",
        ])
        #expect(play.take(["send s a"]) == ["0: out: A", "0: out: a"])
    }

    @Test func aLateSubscriberOfACompletedSubjectHearsNothingOfIt() {
        let play = PlaygroundHarness()
        _ = play.take(["let s = subject", "complete s"])
        let said = play.take(["subscribe s as late", "wait 100"])
        #expect(said.allSatisfy { !$0.contains("late: completed") }, "\(said)")
    }
}
