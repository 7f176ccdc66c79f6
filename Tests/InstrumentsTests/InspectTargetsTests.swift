import ShellTestSupport
import TestSupport
import Testing

/// `inspect row N` (the item ViewModel) and `inspect N` (a stack entry by position).
@MainActor
struct InspectTargetsTests: FakeShellSuite {
    let fake = FakeShell()

    @Test func inspectARowAndAStackEntry() {
        service.photoCount = 3
        let (transcript, status) = script("search sunset\nwait 2s\ninspect row 1\ninspect 1\ninspect 3")
        let lines = transcript.split(separator: "\n").map(String.init)
        let row = lines.firstIndex { $0.hasSuffix("] PhotoItemViewModel") }
        #expect(
            row.map { Array(lines[$0 + 1...$0 + 5]) } == [
                "[00:02.000]   photo      \"Photo 1\"", "[00:02.000]   favorites  40", "[00:02.000]   comments   7",
                "[00:02.000]   isVisible  true", "[00:02.000]   pipeline   fixed",
            ])
        #expect(lines.contains("[00:02.000] SearchViewModel"))
        #expect(transcript.contains("inspect takes a stack position from 1 to 2, or row N"))
        #expect(status == 1)
    }
}
