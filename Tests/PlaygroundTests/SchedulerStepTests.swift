import Playground
import Reactive
import Testing

/// `deliverOn` and `subscribeOn` on the virtual clock: the work waits for the clock to move, at
/// the same instant, and the log notes the scheduler that delivered each event.
@MainActor
struct SchedulerStepTests {
    /// A lane's events as "ms kind on SCHEDULER".
    static func lane(_ play: PlaygroundHarness, _ label: String) -> [String] {
        play.log.events.filter { $0.stream == "play · \(label)" }.map {
            "\($0.time.wholeMilliseconds) \($0.kind)" + ($0.scheduler.map { " on \($0)" } ?? "")
        }
    }

    @Test func deliverOnMainSendsEachEventAfterTheSynchronousDeliveryAtTheSameInstant() {
        let play = PlaygroundHarness()
        _ = play.take(["let s = subject", "let ui = s | deliverOn main", "subscribe ui", "subscribe s as direct"])
        // The direct subscriber hears a at once; the main scheduler's work waits for the clock.
        #expect(play.take(["send s a", "complete s"]) == ["0: direct: a", "0: direct: completed"])
        #expect(play.take(["wait 0"]) == ["0: ui: a", "0: ui: completed"])
        #expect(Self.lane(play, "ui") == ["0 subscribed", "0 next(\"a\") on main", "0 completed on main"])
        #expect(Self.lane(play, "direct") == ["0 subscribed", "0 next(\"a\")", "0 completed"])
    }

    @Test func subscribeOnSubscribesOnceTheSchedulersWorkRuns() {
        let play = PlaygroundHarness()
        _ = play.take(["let s = subject", "let late = s | subscribeOn main", "subscribe late"])
        // Not yet subscribed to s: a is missed; once the clock moves, b is heard.
        #expect(play.take(["send s a", "wait 0", "send s b"]) == ["0: late: b"])
        #expect(Self.lane(play, "late") == ["0 subscribed", "0 next(\"b\")"])
    }

    @Test func disposingBeforeTheScheduledWorkRunsCancelsIt() {
        let play = PlaygroundHarness()
        _ = play.take(["let s = subject", "let ui = s | deliverOn main", "subscribe ui", "send s a"])
        #expect(play.take(["dispose ui", "wait 0"]) == ["0: disposed ui"])
        #expect(Self.lane(play, "ui") == ["0 subscribed", "0 disposed"])
    }

    @Test func anUnknownSchedulerIsOneLine() {
        let play = PlaygroundHarness()
        _ = play.take(["let s = subject"])
        #expect(
            play.take(["let x = s | deliverOn ui", "let y = s | subscribeOn"]) == [
                "0: error: column 23: expected a scheduler (main or background), found 'ui'",
                "0: error: column 24: expected a scheduler after subscribeOn (main or background), found the end of the line",
            ])
    }
}
