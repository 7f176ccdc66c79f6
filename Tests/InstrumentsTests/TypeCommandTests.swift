import ShellTestSupport
import Testing

/// `type`: one keystroke at a time on the virtual clock, each change traced in order.
@MainActor
struct TypeCommandTests: FakeShellSuite {
    let fake = FakeShell()

    @Test func typeSendsEachKeystrokeEveryIntervalAndValidityChangesOnce() {
        let (transcript, _) = script("trace on search\ntype sunset --every 50ms\nwait 1s")
        let traced = transcript.split(separator: "\n").filter { $0.contains(" trace search") }
        #expect(
            traced == [
                "[00:00.000] trace search · searchText: next s",
                "[00:00.050] trace search · searchText: next su",
                "[00:00.100] trace search · searchText: next sun",
                "[00:00.150] trace search · isSearchValid: next true",
                "[00:00.150] trace search · searchText: next suns",
                "[00:00.200] trace search · searchText: next sunse",
                "[00:00.250] trace search · searchText: next sunset",
                "[00:01.000] trace search · searchText: disposed (cancelled)",
                "[00:01.000] trace search · isSearchValid: disposed (cancelled)",
                "[00:01.000] trace search · executing: disposed (cancelled)",
            ])
    }

    @Test func typeRefusesABadInterval() {
        let (transcript, status) = script("type sunset --every soon")
        #expect(transcript.contains("--every needs a duration such as 500ms, 2s, 1.5m or 1h, at most 24h, not 'soon'"))
        #expect(!transcript.contains("searchText"))
        #expect(status == 1)
        let (tooSlow, slowStatus) = script("type sunset --every 11s")
        #expect(tooSlow.contains("--every takes from 1ms to 10s, not 11s"))
        #expect(!tooSlow.contains("searchText"))
        #expect(slowStatus == 1)
    }
}
