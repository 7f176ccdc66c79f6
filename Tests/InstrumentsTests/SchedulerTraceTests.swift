import ShellTestSupport
import Testing

/// `trace` says which scheduler delivered an event: the line a class reads to see why the book
/// moves UI updates to the main thread.
@MainActor
struct SchedulerTraceTests: FakeShellSuite {
    let fake = FakeShell()

    @Test func traceSaysOnMainForWhatDeliverOnMainDelivered() {
        run(
            "let s = subject\nlet ui = s | deliverOn main\nsubscribe ui\nsubscribe s as direct\ntrace on play\nsend s a\nwait 0ms"
        )
        #expect(
            output.text.split(separator: "\n").filter { $0.contains("trace play") } == [
                "[00:00.000] trace play · direct: next a",
                "[00:00.000] trace play · ui: next a (on main)",
            ])
    }

    /// subscribeOn moves the subscription, not the events: what it subscribes is marked, what
    /// subscribes to it is not, and a source's timer later sends on no named scheduler.
    @Test func subscribeOnMarksEveryLaneUpstreamOfIt() {
        run(
            "let m = marbles \"-a|\"\nlet s = m | map upper | subscribeOn background | filter true\n"
                + "subscribe s\nwait 1s\nmarbles s")
        #expect(
            output.text.split(separator: "\n").last
                == "[00:01.000]      (…) same step, in order, on background: m + map upper")
    }

    /// A command's own lanes are recorded from its definition, as the command sets them
    /// (before any subscriber hears them on the main scheduler).
    @Test func marblesOfACommandDrawsItsFourLanes() {
        run(
            "let e = behavior-subject true\nlet w = marbles \"-a|\"\nlet c = command enabled-by e runs w\n"
                + "execute c\nwait 1s\nsend e false\nwait 1s\nmarbles c\nmarbles c.enabled")
        let lines = output.text.split(separator: "\n").filter { $0.hasPrefix("[") }.map { String($0.dropFirst(12)) }
        #expect(
            Array(lines.suffix(13)) == [
                "executing         (ft)-f------------------",
                "enabled           (tf)-t-------f----------",
                "errors            -   --------------------",
                "executionSignals  s   --------------------",
                "time              +   ....'....+....'....+",
                "                  0s           1s",
                "key: f = false, t = true, s = signal c run 1,",
                "     (…) same step, in order",
                "one column = 100 ms from 0s to 2s",
                "enabled  (tf)-t-------f----------",
                "time     +   ....'....+....'....+",
                "         0s           1s",
                "key: t = true, f = false, (…) same step, in order",
            ])
    }

    @Test func anUnknownSchedulerIsAOneLineError() {
        run("let s = subject\nlet ui = s | deliverOn gui")
        #expect(
            output.text.split(separator: "\n").last
                == "ERR vmsh: -c:2: column 24: expected a scheduler (main or background), found 'gui'")
    }
}
