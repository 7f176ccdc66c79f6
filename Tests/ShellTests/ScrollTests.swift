import ShellTestSupport
import TestSupport
import Testing

/// `scroll` moves by as many rows as are visible, as a table does, never skipping one.
@MainActor
struct ScrollTests: FakeShellSuite {
    let fake = FakeShell()

    private func visibleLines() -> [String] {
        output.text.split(separator: "\n").map(String.init).filter { $0.hasSuffix("of 100 visible") }
    }

    @Test func scrollingDownAfterVisibleShowsTheNextRowsOfTheSameCount() {
        service.photoCount = 100
        run("search sunset\nwait 500ms\nvisible 5-8\nscroll down\nscroll down")
        #expect(
            visibleLines() == [
                "[00:00.400] rows 1-10 of 100 visible", "[00:00.500] rows 5-8 of 100 visible",
                "[00:00.500] rows 9-12 of 100 visible", "[00:00.500] rows 13-16 of 100 visible",
            ])
    }

    @Test func scrollingUpFromTheEndShowsTheRowsJustAbove() {
        service.photoCount = 100
        run("search sunset\nwait 500ms\nvisible 95-100\nscroll up")
        #expect(
            visibleLines().suffix(2) == [
                "[00:00.500] rows 95-100 of 100 visible", "[00:00.500] rows 89-94 of 100 visible",
            ])
    }
}
