import Testing

@testable import Shell

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

    @Test func anUnknownSchedulerIsAOneLineError() {
        run("let s = subject\nlet ui = s | deliverOn gui")
        #expect(
            output.text.split(separator: "\n").last
                == "ERR vmsh: -c:2: column 24: expected a scheduler (main or background), found 'gui'")
    }
}
